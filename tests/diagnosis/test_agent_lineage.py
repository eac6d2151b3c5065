"""Lineage and sessions as the agents people run make them: helper calls, several
conversations in one process, the agents' own session ids (bodies reconstructed in the
agents' shapes, trimmed; see tests/proxy/test_proxy_agents.py for the real ones)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from promptlint.diagnosis.analyzer import Analyzer

from .helpers import ORDER_TOOL, SYSTEM, WEATHER_TOOL, anthropic_tool, chat, claude, ex

CC_SYSTEM = [
    {"type": "text", "text": "You are Claude Code, Anthropic's official CLI for Claude."},
    {"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}},
]
CC_TOOLS = [anthropic_tool(WEATHER_TOOL), anthropic_tool(ORDER_TOOL)]
TITLE_SYSTEM = [
    {"type": "text", "text": "Generate a concise, sentence-case title for this conversation."}
]


def _user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "text", "text": text}]}


def test_claude_codes_title_helper_is_its_own_lineage() -> None:
    """Claude Code 2.1 sends a title request (same model, no tools, another system, small
    max_tokens) just before the first main request: never the main request's parent."""
    a = Analyzer()
    prompt = _user("Explain how this project is built.")
    title = a.analyze(
        ex(claude([prompt], system=TITLE_SYSTEM, max_tokens=32), n=0, api="anthropic-messages")
    )
    main = a.analyze(
        ex(claude([prompt], system=CC_SYSTEM, tools=CC_TOOLS), n=1, api="anthropic-messages")
    )
    assert main.parent_id is None and main.breaks == []
    assert main.session_id != title.session_id
    reply = {"role": "assistant", "content": [{"type": "text", "text": "It uses make."}]}
    body = claude([prompt, reply, _user("And the tests?")], system=CC_SYSTEM, tools=CC_TOOLS)
    second = a.analyze(ex(body, n=2, api="anthropic-messages"))
    assert second.parent_id == main.id and second.session_id == main.session_id
    assert [b.cause for b in second.breaks if b.cause != "new-content"] == []


def test_three_conversations_in_one_process_keep_their_own_parents() -> None:
    """The OpenAI Agents SDK running three conversations that open with the same words:
    C's second turn continues C's first, not A's latest (which shares no more exactly),
    and A and C are two sessions."""
    a = Analyzer()
    tools = [WEATHER_TOOL, ORDER_TOOL]
    sys = {"role": "system", "content": SYSTEM}
    hi = {"role": "user", "content": "Hello, can you help me?"}
    reply = {"role": "assistant", "content": "Of course. What do you need?"}
    a1 = a.analyze(ex(chat([sys, hi], tools=tools), n=0))
    a2 = a.analyze(
        ex(chat([sys, hi, reply, {"role": "user", "content": "Order 1?"}], tools=tools), n=1)
    )
    c1 = a.analyze(ex(chat([sys, hi], tools=tools), n=2))
    a3_msgs = [sys, hi, reply, {"role": "user", "content": "Order 1?"}]
    a3_msgs += [{"role": "assistant", "content": "Shipped."}, {"role": "user", "content": "Ok"}]
    a3 = a.analyze(ex(chat(a3_msgs, tools=tools), n=3))
    # C's answer to the same opening is worded a little differently (similar text).
    c_reply = {"role": "assistant", "content": "Of course. What do you need today?"}
    c2 = a.analyze(
        ex(chat([sys, hi, c_reply, {"role": "user", "content": "Weather?"}], tools=tools), n=4)
    )
    assert a2.parent_id == a1.id and a3.parent_id == a2.id
    assert a3.session_id == a1.session_id
    assert c2.parent_id == c1.id
    assert c1.session_id != a1.session_id and c2.session_id == c1.session_id
    assert [b.cause for b in c2.breaks if b.cause != "new-content"] == []


def test_the_agents_own_session_ids_name_sessions() -> None:
    a = Analyzer()
    body = claude([_user("Hi")], system=CC_SYSTEM, tools=CC_TOOLS)
    cc = {"x-claude-code-session-id": "0b6c5d1e-cc"}
    r0 = a.analyze(ex(body, n=0, api="anthropic-messages", headers=cc))
    assert r0.session_id == "0b6c5d1e-cc"
    codex = {"session-id": "01a23116-codex"}
    r1 = a.analyze(
        ex({"model": "gpt-5.4", "input": "Hi"}, n=1, api="openai-responses", headers=codex)
    )
    assert r1.session_id == "01a23116-codex"
    # Another Claude Code session with the same opening turn is another session.
    r2 = a.analyze(
        ex(body, n=2, api="anthropic-messages", headers={"x-claude-code-session-id": "other"})
    )
    assert r2.session_id == "other"


def test_a_dropped_anthropic_beta_is_a_param_change_naming_the_header() -> None:
    """Claude Code sends `context-1m-…` in `anthropic-beta` for the 1M-context variant with
    `-p` and not with `--continue`: another variant, another cache."""
    a = Analyzer()
    prompt = _user("Explain how this project is built.")
    reply = {"role": "assistant", "content": [{"type": "text", "text": "It uses make."}]}
    beta = "claude-code-20250219,context-1m-2025-08-07,interleaved-thinking-2025-05-14"
    r0 = a.analyze(
        ex(
            claude([prompt], system=CC_SYSTEM, tools=CC_TOOLS),
            n=0,
            api="anthropic-messages",
            headers={"anthropic-beta": beta},
        )
    )
    body = claude([prompt, reply, _user("And the tests?")], system=CC_SYSTEM, tools=CC_TOOLS)
    r1 = a.analyze(
        ex(
            body,
            n=1,
            api="anthropic-messages",
            headers={"anthropic-beta": "interleaved-thinking-2025-05-14, claude-code-20250219"},
        )
    )
    assert r1.parent_id == r0.id
    causes = [b.cause for b in r1.breaks if b.cause != "new-content"]
    assert causes == ["param-change"]
    brk = r1.breaks[0]
    assert "header:anthropic-beta" in (brk.note or brk.before or "") + (brk.after or "")
    assert "context-1m-2025-08-07" in (brk.before or "")
    # The same betas in another order are the same variant: no break.
    r2 = a.analyze(
        ex(
            claude(
                [prompt, reply, _user("And the tests?"), reply, _user("Ok")],
                system=CC_SYSTEM,
                tools=CC_TOOLS,
            ),
            n=2,
            api="anthropic-messages",
            headers={"anthropic-beta": "claude-code-20250219,interleaved-thinking-2025-05-14"},
        )
    )
    assert [b.cause for b in r2.breaks if b.cause != "new-content"] == []


def test_a_time_line_put_in_front_of_the_instructions_is_volatile_timestamp() -> None:
    a = Analyzer()
    bodies = [
        {"model": "gpt-5.4", "instructions": SYSTEM, "input": "hi"},
        {"model": "gpt-5.4", "instructions": "Current time: 10:42:13\n" + SYSTEM, "input": "hi"},
        {"model": "gpt-5.4", "instructions": "Please be brief.\n" + SYSTEM, "input": "hi"},
    ]
    r = [a.analyze(ex(b, n=i, api="openai-responses")) for i, b in enumerate(bodies)]
    assert [b.cause for b in r[1].breaks] == ["volatile-timestamp"]
    assert [b.cause for b in r[2].breaks] == ["system-edit"]  # a plain edit stays one


def test_codex_item_ids_are_not_prompt_text() -> None:
    """Codex 0.171.0 gives every input item a fresh `id` per thread (a UUIDv7): the next
    thread's identical developer messages are no system-edit (tests/data/diagnosis/agents,
    the body it sent, reconstructed)."""
    path = Path(__file__).resolve().parent.parent / "data/diagnosis/agents"
    (first,) = json.loads((path / "codex_environment_context.json").read_text())["requests"]
    second = copy.deepcopy(first)
    for k, item in enumerate(second["input"]):
        if "id" in item:
            item["id"] = item["id"].replace("00000000-0000", f"01a231a0-{k:04d}")
    assert second != first
    a = Analyzer()
    one = a.analyze(ex(first, n=0, api="openai-responses"))
    two = a.analyze(ex(second, n=1, api="openai-responses"))
    assert two.parent_id == one.id
    assert [b.cause for b in two.breaks if b.cause != "new-content"] == []


def test_two_codex_threads_are_two_conversations() -> None:
    """Each `codex exec` is a thread with its own `session-id` header, opened with the same
    developer and `<environment_context>` messages: the next thread's other question is
    where two conversations part, not a history-rewrite of the first."""
    path = Path(__file__).resolve().parent.parent / "data/diagnosis/agents"
    (first,) = json.loads((path / "codex_environment_context.json").read_text())["requests"]
    second = copy.deepcopy(first)
    question = second["input"][-1]["content"][0]
    assert question["text"] == "Summarise this repository."
    question["text"] = "List the tests."
    a = Analyzer()
    api = "openai-responses"
    one = a.analyze(ex(first, n=0, api=api, headers={"session-id": "thread-a"}))
    two = a.analyze(ex(second, n=1, api=api, headers={"session-id": "thread-b"}))
    assert (one.session_id, two.session_id) == ("thread-a", "thread-b")
    assert two.parent_id == one.id  # the cache parent: the same developer messages
    assert [b.cause for b in two.breaks if b.cause != "new-content"] == []
