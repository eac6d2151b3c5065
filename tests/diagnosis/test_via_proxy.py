"""End to end: the official SDKs → the real proxy → the fake upstream's prefix cache → the
Analyzer (in the proxy's writer) → the store. The diagnosis must agree with what the
upstream reports: intact turns predicted as read, and each break named where it is."""

from __future__ import annotations

import copy
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "proxy"))

from harness import ANTHROPIC_KEY, OPENAI_KEY, Harness

from promptlint.store.records import RequestRecord

from .helpers import ORDER_TOOL, SYSTEM, WEATHER_TOOL, anthropic_tool


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[Harness]:
    h = Harness(tmp_path).start()
    try:
        yield h
    finally:
        h.stop()


def _by_ts(h: Harness) -> list[RequestRecord]:
    return sorted(h.records(), key=lambda r: r.ts)


def _close(predicted: int | None, read: int) -> bool:
    assert predicted is not None
    return abs(predicted - read) <= max(128, read // 10)


def test_openai_sdk_session(proxy: Harness) -> None:
    client = openai.OpenAI(base_url=proxy.url + "/v1", api_key=OPENAI_KEY, max_retries=0)
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": "Where is order 1234?"},
    ]
    tools: list[Any] = [WEATHER_TOOL, ORDER_TOOL]

    def send(stream: bool) -> None:
        if stream:
            for _ in client.chat.completions.create(
                model="gpt-4o",
                messages=msgs,  # type: ignore[arg-type]
                tools=tools,
                stream=True,
                stream_options={"include_usage": True},
            ):
                pass
        else:
            client.chat.completions.create(model="gpt-4o", messages=msgs, tools=tools)  # type: ignore[arg-type]

    send(False)
    for k, stream in enumerate([True, False, True]):
        msgs += [
            {"role": "assistant", "content": f"answer {k}"},
            {"role": "user", "content": f"q{k}"},
        ]
        send(stream)
    tools = [ORDER_TOOL, WEATHER_TOOL]  # reordered: the whole prefix breaks at tools[0]
    msgs += [{"role": "assistant", "content": "answer 4"}, {"role": "user", "content": "q4"}]
    send(False)
    msgs += [{"role": "assistant", "content": "answer 5"}, {"role": "user", "content": "q5"}]
    proxy.fake._openai_cache.clear()  # the provider loses its cache: not the client's fault
    send(True)

    recs = _by_ts(proxy)
    assert len(recs) == 6
    assert len({r.session_id for r in recs}) == 1
    assert [r.parent_id for r in recs] == [None] + [r.id for r in recs[:-1]]
    for r in recs[1:4]:
        assert [b.cause for b in r.breaks] == ["new-content"]
        assert r.cache_read_tokens > 1024 and _close(r.predicted_cached_tokens, r.cache_read_tokens)
    tool_order = recs[4].breaks[0]
    assert (tool_order.cause, tool_order.segment, tool_order.token_offset) == (
        "tool-order",
        "tools[0]",
        0,
    )
    assert recs[4].cache_read_tokens == 0 and tool_order.lost_tokens > 1024
    miss = recs[5].breaks[0]
    assert miss.cause == "provider-miss" and recs[5].cache_read_tokens == 0
    assert miss.lost_tokens == recs[5].predicted_cached_tokens


def test_anthropic_sdk_session(proxy: Harness) -> None:
    client = anthropic.Anthropic(base_url=proxy.url, api_key=ANTHROPIC_KEY, max_retries=0)
    tools = [anthropic_tool(ORDER_TOOL)]

    def system(date: str) -> list[dict[str, Any]]:
        return [
            {"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}},
            {"type": "text", "text": f"Today is {date}."},
        ]

    def marked(msgs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = copy.deepcopy(msgs)
        for m in out:
            m["content"] = [{"type": "text", "text": m["content"]}]
        out[-1]["content"][0]["cache_control"] = {"type": "ephemeral"}
        return out

    msgs: list[dict[str, Any]] = [{"role": "user", "content": "Where is order 1234?"}]
    date = "2026-11-29"

    def send(stream: bool, **extra: Any) -> None:
        kwargs: dict[str, Any] = dict(
            model="claude-sonnet-4-6",
            max_tokens=64,
            system=system(date),
            tools=tools,
            messages=marked(msgs),
            **extra,
        )
        if stream:
            with client.messages.stream(**kwargs) as s:
                s.get_final_message()
        else:
            client.messages.create(**kwargs)

    send(False)
    for k in range(2):
        msgs += [
            {"role": "assistant", "content": f"answer {k}"},
            {"role": "user", "content": f"q{k}"},
        ]
        send(k == 1)
    date = "2026-11-30"  # the date block sits after the cached system block
    msgs += [{"role": "assistant", "content": "answer 2"}, {"role": "user", "content": "q2"}]
    send(False)
    msgs += [{"role": "assistant", "content": "answer 3"}, {"role": "user", "content": "q3"}]
    send(True, tool_choice={"type": "any"})

    recs = _by_ts(proxy)
    assert len(recs) == 5 and len({r.session_id for r in recs}) == 1
    for r in recs[1:3]:
        assert [b.cause for b in r.breaks] == ["new-content"]
        assert r.cache_read_tokens > 1024 and _close(r.predicted_cached_tokens, r.cache_read_tokens)
    ts = recs[3].breaks[0]
    assert (ts.cause, ts.code, ts.segment) == ("volatile-timestamp", "PL101", "system[1]")
    # The system block before it is still read, as predicted.
    assert recs[3].cache_read_tokens > 1024
    assert _close(recs[3].predicted_cached_tokens, recs[3].cache_read_tokens)
    assert ts.lost_tokens > 0
    param = recs[4].breaks[0]
    assert (param.cause, param.segment) == ("param-change", "system[0]")
    assert recs[4].cache_read_tokens == 0 and param.lost_tokens > 1024


def _six_tools(fmt: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i in range(6):
        schema = {
            "type": "object",
            "properties": {f"arg{i}": {"type": "string", "description": f"argument {i}"}},
            "required": [f"arg{i}"],
        }
        desc = f"Tool number {i}: does work item {i} for the user, carefully and completely."
        if fmt == "anthropic":
            out.append({"name": f"tool_{i}", "description": desc, "input_schema": schema})
        else:
            out.append(
                {
                    "type": "function",
                    "function": {"name": f"tool_{i}", "description": desc, "parameters": schema},
                }
            )
    return out


SHUFFLE = (3, 0, 5, 1, 4, 2)


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_prediction_reads_any_live_entry_not_only_the_parent(proxy: Harness, provider: str) -> None:
    """Turn 3 shuffles the tools, turn 4 restores them: turn 4 reads the entry turn 2
    left (still alive), although its parent (turn 3) has the other order."""
    tools = _six_tools(provider)
    shuffled = [tools[i] for i in SHUFFLE]
    if provider == "anthropic":
        a = anthropic.Anthropic(base_url=proxy.url, api_key=ANTHROPIC_KEY, max_retries=0)
        msgs: list[dict[str, Any]] = [{"role": "user", "content": "Where is order 1234?"}]
    else:
        o = openai.OpenAI(base_url=proxy.url + "/v1", api_key=OPENAI_KEY, max_retries=0)
        msgs = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "Order 1?"}]
    for turn in range(1, 6):
        t = shuffled if turn == 3 else tools
        if provider == "anthropic":
            a.messages.create(
                model="claude-sonnet-4-6",
                max_tokens=64,
                system=SYSTEM,
                tools=t,  # type: ignore[arg-type]
                messages=msgs,  # type: ignore[arg-type]
                extra_body={"cache_control": {"type": "ephemeral"}},
            )
        else:
            o.chat.completions.create(model="gpt-4o", tools=t, messages=msgs)  # type: ignore[arg-type]
        msgs = [*msgs, {"role": "assistant", "content": f"answer {turn}"}]
        msgs.append({"role": "user", "content": f"q{turn}"})

    recs = _by_ts(proxy)
    assert len(recs) == 5 and [r.parent_id for r in recs] == [None] + [r.id for r in recs[:-1]]
    r3, r4 = recs[2], recs[3]
    assert r3.cache_read_tokens == 0 and r3.breaks[0].cause == "tool-order"
    # The upstream read turn 2's entry; so does the prediction.
    assert r4.cache_read_tokens > 1024
    assert _close(r4.predicted_cached_tokens, r4.cache_read_tokens)
    assert not any(b.cause == "provider-miss" for b in r4.breaks)
    # Relative to its parent the tools moved, but only what lay beyond the readable
    # part (turn 3's additions) was lost.
    brk = r4.breaks[0]
    assert brk.cause == "tool-order" and 0 < brk.lost_tokens <= 256
    r5 = recs[4]
    assert _close(r5.predicted_cached_tokens, r5.cache_read_tokens)


def test_anthropic_string_and_one_text_block_are_one_prefix(proxy: Harness) -> None:
    # Claude Code sends a new user message as a one-block list and, on the next turn, the
    # same message as a plain string. The API reads both as one text block: the second
    # request reads everything the first cached, and no break is diagnosed.
    client = anthropic.Anthropic(base_url=proxy.url, api_key=ANTHROPIC_KEY, max_retries=0)
    question = "Where is order 1234? " * 40
    block = {"type": "text", "text": question, "cache_control": {"type": "ephemeral"}}
    first = [{"role": "user", "content": [block]}]
    client.messages.create(model="claude-sonnet-4-6", max_tokens=64, system=SYSTEM, messages=first)  # type: ignore[arg-type]
    later = [
        {"role": "user", "content": question},  # the same message, now a string
        {"role": "assistant", "content": "It ships today."},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "Thanks.", "cache_control": {"type": "ephemeral"}}
            ],
        },
    ]
    client.messages.create(model="claude-sonnet-4-6", max_tokens=64, system=SYSTEM, messages=later)  # type: ignore[arg-type]
    a, b = _by_ts(proxy)
    assert a.cache_write_5m_tokens > 1024
    assert b.cache_read_tokens == a.cache_write_5m_tokens
    assert b.parent_id == a.id and [x.cause for x in b.breaks] == ["new-content"]
    assert _close(b.predicted_cached_tokens, b.cache_read_tokens)


def test_openai_string_and_one_text_part_are_one_prefix(proxy: Harness) -> None:
    client = openai.OpenAI(base_url=proxy.url + "/v1", api_key=OPENAI_KEY, max_retries=0)
    parts = [{"type": "text", "text": SYSTEM}]
    client.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "system", "content": parts}, {"role": "user", "content": "q0"}],  # type: ignore[list-item]
    )
    client.chat.completions.create(
        model="gpt-4o",
        messages=[  # type: ignore[list-item]
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": "q0"},
            {"role": "assistant", "content": "a0"},
            {"role": "user", "content": "q1"},
        ],
    )
    a, b = _by_ts(proxy)
    assert b.cache_read_tokens >= 1024
    assert b.parent_id == a.id and [x.cause for x in b.breaks] == ["new-content"]
    assert _close(b.predicted_cached_tokens, b.cache_read_tokens)
