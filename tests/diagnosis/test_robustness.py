"""Bad bodies never raise; record-bodies modes keep what they promise and no more."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from promptlint.diagnosis.analyzer import Analyzer
from promptlint.wire.prompt import PromptParseError, parse_body

from .helpers import ORDER_TOOL, SYSTEM, anthropic_tool, chat, claude, ex

BAD: list[tuple[str, bytes]] = [
    ("openai-chat", b""),
    ("openai-chat", b"not json at all"),
    ("openai-chat", b"\xff\xfe\x00garbage"),
    ("openai-chat", b"[1, 2, 3]"),
    ("openai-chat", b'{"model": "gpt-4o"}'),
    ("openai-chat", b'{"model": 5, "messages": "hello"}'),
    ("openai-chat", b'{"model": "gpt-4o", "messages": [null, 3, "x", {"role": null}]}'),
    ("openai-chat", b'{"model": "gpt-4o", "messages": [], "tools": {"a": 1}}'),
    ("openai-chat", b'{"messages": [{"role": "user", "content": [{"type": "image_url"}, 7]}]}'),
    ("openai-chat", b'{"messages": [{"role": "assistant", "tool_calls": [1, {"function": 2}]}]}'),
    ("anthropic-messages", b'{"model": "claude-sonnet-4-5", "messages": [{"content": null}]}'),
    ("anthropic-messages", b'{"messages": [], "system": [1, {"type": "text"}], "tools": [null]}'),
    (
        "anthropic-messages",
        b'{"messages": [{"role": "user", "content": [{"type": "tool_result"}]}]}',
    ),
    ("openai-responses", b'{"input": [{"type": "reasoning", "summary": 3}, 4, null]}'),
    ("openai-responses", b'{"input": 12}'),
    ("openai-completions", b'{"prompt": [[1, 2, 3], [4]]}'),
    ("openai-completions", b'{"prompt": {"a": 1}}'),
    ("other", b'{"anything": true}'),
    ("openai-chat", b'{"messages": [' + b"[" * 5000 + b"]" * 5000 + b"]}"),
    ("openai-chat", b'{"messages": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
]


@pytest.mark.parametrize(("api", "body"), BAD)
def test_bad_bodies_never_raise(api: str, body: bytes) -> None:
    a = Analyzer()
    for n in range(2):  # twice: also as a candidate parent
        rec = a.analyze(ex(body, n=n, api=api, usage={"weird": "usage"}))
        assert rec.id == f"r{n}"
        assert rec.session_id


def test_unparsed_records_say_so() -> None:
    rec = Analyzer().analyze(ex(b"not json", n=0))
    assert rec.parsed is False
    assert rec.error and "not JSON" in rec.error
    assert rec.breaks == []


def test_random_mutations_of_real_bodies_never_raise() -> None:
    rng = random.Random(1234)
    seeds: list[tuple[str, dict[str, Any]]] = [
        (
            "openai-chat",
            chat(
                [
                    {"role": "system", "content": SYSTEM[:400]},
                    {"role": "user", "content": [{"type": "text", "text": "hi"}]},
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": "call_1",
                                "type": "function",
                                "function": {"name": "lookup_order", "arguments": '{"a":1}'},
                            }
                        ],
                    },
                    {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
                ],
                tools=[ORDER_TOOL],
            ),
        ),
        (
            "anthropic-messages",
            claude(
                [
                    {"role": "user", "content": "hi"},
                    {
                        "role": "assistant",
                        "content": [
                            {"type": "thinking", "thinking": "hm", "signature": "s"},
                            {"type": "tool_use", "id": "t1", "name": "x", "input": {"a": 1}},
                        ],
                    },
                ],
                system=[{"type": "text", "text": "sys", "cache_control": {"type": "ephemeral"}}],
                tools=[anthropic_tool(ORDER_TOOL)],
            ),
        ),
    ]
    junk: list[Any] = [None, 0, -1, 1.5, "", "x", [], {}, [None], {"type": None}, True]
    a = Analyzer()
    for n in range(150):
        api, body = rng.choice(seeds)
        mutated = json.loads(json.dumps(body))
        for _ in range(rng.randint(1, 4)):
            _mutate(mutated, rng, junk)
        rec = a.analyze(ex(mutated, n=n, api=api))
        assert rec.id.startswith("r")


def _mutate(node: Any, rng: random.Random, junk: list[Any]) -> None:
    path = []
    while isinstance(node, (dict, list)) and node and rng.random() < 0.8:
        key = rng.choice(list(node.keys())) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]
    if path:
        parent, key = path[-1]
        parent[key] = json.loads(json.dumps(rng.choice(junk)))


def test_parse_errors_are_prompt_parse_errors() -> None:
    for raw in (b"{", b"[]", b'{"model": "gpt-4o"}'):
        with pytest.raises(PromptParseError):
            parse_body(raw, "openai-chat")


def _two(record_bodies: str) -> tuple[Any, bytes]:
    a = Analyzer(record_bodies=record_bodies)
    s1 = "Now: 2026-11-29 10:00:00\n" + SYSTEM
    s2 = "Now: 2026-11-29 10:05:00\n" + SYSTEM
    first = chat([{"role": "system", "content": s1}, {"role": "user", "content": "secret plan"}])
    body = json.dumps(
        chat([{"role": "system", "content": s2}, {"role": "user", "content": "secret plan"}])
    ).encode()
    a.analyze(ex(first, n=0))
    return a.analyze(ex(body, n=1)), body


def test_record_bodies_redacted_keeps_hashes_and_snippets_only() -> None:
    rec, _ = _two("redacted")
    assert rec.body is not None
    data = json.loads(rec.body)
    assert "secret plan" not in rec.body and "Rule 12" not in rec.body
    assert all(len(s["hash"]) == 32 for s in data["segments"])
    br = rec.breaks[0]
    assert br.cause == "volatile-timestamp"
    assert br.before is not None and "10:00:00" in br.before
    assert br.after is not None and "10:05:00" in br.after
    assert len(br.before) < 120 and len(br.after) < 120


def test_record_bodies_none_keeps_neither() -> None:
    rec, _ = _two("none")
    assert rec.body is None
    assert rec.breaks[0].before is None and rec.breaks[0].after is None
    assert rec.breaks[0].cause == "volatile-timestamp"


def test_record_bodies_full_keeps_the_body() -> None:
    rec, body = _two("full")
    assert rec.body == body.decode()


def test_invalid_record_bodies_mode() -> None:
    with pytest.raises(ValueError):
        Analyzer(record_bodies="everything")


def test_missing_usage_is_an_inexact_estimate_only_for_answered_requests() -> None:
    body = chat([{"role": "system", "content": SYSTEM}, {"role": "user", "content": "hi"}])
    a = Analyzer()
    ok = a.analyze(ex(body, n=0))
    assert ok.uncached_input_tokens > 1000 and not ok.prompt_tokens_exact
    assert float(ok.cost_usd) > 0
    failed = a.analyze(ex(body, n=1, status=429))
    assert failed.uncached_input_tokens == 0 and failed.cost_usd == "0"
