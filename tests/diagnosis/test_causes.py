"""Every cause, from real request bodies in OpenAI and Anthropic wire format."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from promptlint.causes import Cause
from promptlint.diagnosis.analyzer import MESSAGE_OVERHEAD, Analyzer
from promptlint.store.records import BreakRecord, RequestRecord
from promptlint.wire.tokens import tiktoken_encoding

from .helpers import (
    ORDER_TOOL,
    REFUND_TOOL,
    SYSTEM,
    WEATHER_TOOL,
    anthropic_tool,
    chat,
    claude,
    ex,
)

ENC = tiktoken_encoding("o200k_base")


def ntok(text: str) -> int:
    return len(ENC.encode(text))


def run(bodies: list[dict[str, Any]], api: str = "openai-chat", **kw: Any) -> list[RequestRecord]:
    analyzer = Analyzer()
    return [analyzer.analyze(ex(b, n=i, api=api, **kw)) for i, b in enumerate(bodies)]


def first_break(rec: RequestRecord) -> BreakRecord:
    assert rec.breaks, f"no break in {rec.id}"
    return rec.breaks[0]


def turn(msgs: list[dict[str, Any]], *more: str) -> list[dict[str, Any]]:
    """The conversation extended by alternating assistant/user messages."""
    out = copy.deepcopy(msgs)
    roles = ["assistant", "user"]
    for k, text in enumerate(more):
        out.append({"role": roles[k % 2], "content": text})
    return out


USER1 = {"role": "user", "content": "Where is my order 1234? It was due on Monday."}


# --- volatile values -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "cause", "common"),
    [
        (
            "Current time: 2026-11-29 12:00:01 UTC.",
            "Current time: 2026-11-29 12:00:41 UTC.",
            Cause.VOLATILE_TIMESTAMP,
            "Current time: 2026-11-29 12:00:",
        ),
        (
            "Today is Sunday, November 29, 2026.",
            "Today is Monday, November 30, 2026.",
            Cause.VOLATILE_TIMESTAMP,
            "Today is",
        ),
        (
            "Request id: 3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b.",
            "Request id: 9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e.",
            Cause.VOLATILE_ID,
            "Request id: ",
        ),
        ("Conversation turn 41.", "Conversation turn 42.", Cause.VOLATILE_ID, "Conversation turn "),
        (
            "Sampling seed: 0.7348112.",
            "Sampling seed: 0.1932764.",
            Cause.VOLATILE_RANDOM,
            "Sampling seed: 0.",
        ),
    ],
)
def test_volatile_value_in_openai_system(old: str, new: str, cause: Cause, common: str) -> None:
    a = chat([{"role": "system", "content": old + "\n" + SYSTEM}, USER1])
    b = chat(turn([{"role": "system", "content": new + "\n" + SYSTEM}, USER1], "Checking.", "ok"))
    recs = run([a, b])
    br = first_break(recs[1])
    assert recs[1].parent_id == "r0"
    assert br.cause == cause.value and br.code == cause.code
    assert br.segment == "messages[0]"
    assert br.token_offset == MESSAGE_OVERHEAD + ntok(common)
    # Everything the earlier request had, past the break, was lost.
    assert br.lost_tokens > 1800
    assert br.before is not None and old in br.before
    assert br.after is not None and new in br.after


def test_volatile_timestamp_in_anthropic_system_block_behind_tools() -> None:
    tools = [anthropic_tool(ORDER_TOOL)]
    sys_a = [
        {"type": "text", "text": "Now: 2026-11-29T12:00:01Z"},
        {"type": "text", "text": SYSTEM},
    ]
    sys_b = copy.deepcopy(sys_a)
    sys_b[0]["text"] = "Now: 2026-11-29T12:07:13Z"
    sys_b[1]["cache_control"] = {"type": "ephemeral"}
    sys_a[1]["cache_control"] = {"type": "ephemeral"}
    a = claude([USER1], system=sys_a, tools=tools)
    b = claude(turn([USER1], "Checking.", "ok"), system=sys_b, tools=tools)
    recs = run([a, b], api="anthropic-messages")
    br = first_break(recs[1])
    assert br.cause == "volatile-timestamp" and br.code == "PL101"
    assert br.segment == "system[0]"
    tool_tokens = ntok(_compact(anthropic_tool(ORDER_TOOL)))
    assert br.token_offset == tool_tokens + MESSAGE_OVERHEAD + ntok("Now: 2026-11-29T12:")
    # The write at the end of the system prompt could have been read: that is the loss.
    assert br.lost_tokens >= ntok(SYSTEM)


def _compact(obj: Any) -> str:
    import json

    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# --- tools and schemas ------------------------------------------------------------------------


def test_tool_order_openai() -> None:
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    a = chat(msgs, tools=[WEATHER_TOOL, ORDER_TOOL])
    b = chat(turn(msgs, "Checking.", "ok"), tools=[ORDER_TOOL, WEATHER_TOOL])
    br = first_break(run([a, b])[1])
    assert (br.cause, br.code, br.segment, br.token_offset) == (
        "tool-order",
        "PL201",
        "tools[0]",
        0,
    )
    assert br.before == "[get_weather, lookup_order]"
    assert br.after == "[lookup_order, get_weather]"
    assert br.lost_tokens > 1800


def test_tool_order_anthropic() -> None:
    tools = [anthropic_tool(t) for t in (WEATHER_TOOL, ORDER_TOOL, REFUND_TOOL)]
    system = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]
    a = claude([USER1], system=system, tools=tools)
    b = claude(turn([USER1], "Sure.", "go"), system=system, tools=[tools[0], tools[2], tools[1]])
    br = first_break(run([a, b], api="anthropic-messages")[1])
    assert (br.cause, br.segment) == ("tool-order", "tools[1]")
    assert br.token_offset == ntok(_compact(tools[0]))


def test_tool_added_openai() -> None:
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    a = chat(msgs, tools=[WEATHER_TOOL, ORDER_TOOL])
    b = chat(turn(msgs, "Checking.", "ok"), tools=[WEATHER_TOOL, ORDER_TOOL, REFUND_TOOL])
    analyzer = Analyzer()
    analyzer.analyze(ex(a, n=0))
    rec, details = analyzer.analyze_detailed(ex(b, n=1))
    br = first_break(rec)
    assert (br.cause, br.code, br.segment) == ("tool-change", "PL203", "tools[2]")
    assert br.token_offset == ntok(_compact(WEATHER_TOOL)) + ntok(_compact(ORDER_TOOL))
    assert "added issue_refund" in details[0]


def test_tool_description_edited_anthropic() -> None:
    t1 = anthropic_tool(ORDER_TOOL)
    t2 = copy.deepcopy(t1)
    t2["description"] = "Look up an order by its number or by the customer's email."
    system = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]
    a = claude([USER1], system=system, tools=[t1])
    b = claude(turn([USER1], "Sure.", "go"), system=system, tools=[t2])
    br = first_break(run([a, b], api="anthropic-messages")[1])
    assert (br.cause, br.segment) == ("tool-change", "tools[0]")
    assert br.token_offset == ntok(_compact(t1).split('."')[0])


def test_tool_name_from_counter_is_volatile_id() -> None:
    # langchainjs #11151: a structured-output tool named extract-<n> from a global counter.
    def extract(n: int) -> dict[str, Any]:
        tool = copy.deepcopy(ORDER_TOOL)
        tool["function"]["name"] = f"extract-{n}"
        return tool

    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    a = chat(msgs, tools=[WEATHER_TOOL, extract(7)])
    b = chat(turn(msgs, "ok", "more"), tools=[WEATHER_TOOL, extract(8)])
    br = first_break(run([a, b])[1])
    assert (br.cause, br.code, br.segment) == ("volatile-id", "PL102", "tools[1]")


def test_schema_key_order_in_tool_parameters_openai() -> None:
    # sglang #34553: the same tool arriving with `properties` and `required` swapped.
    swapped = copy.deepcopy(ORDER_TOOL)
    params = swapped["function"]["parameters"]
    swapped["function"]["parameters"] = {
        "type": "object",
        "required": params["required"],
        "properties": params["properties"],
    }
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    a = chat(msgs, tools=[WEATHER_TOOL, ORDER_TOOL])
    b = chat(turn(msgs, "ok", "more"), tools=[WEATHER_TOOL, swapped])
    br = first_break(run([a, b])[1])
    assert (br.cause, br.code, br.segment) == ("schema-key-order", "PL202", "tools[1]")
    head = _compact(ORDER_TOOL).split('"properties"')[0]
    assert br.token_offset == ntok(_compact(WEATHER_TOOL)) + ntok(head)


def test_schema_key_order_in_response_format() -> None:
    schema_a = {
        "type": "json_schema",
        "json_schema": {
            "name": "answer",
            "schema": {"type": "object", "properties": {"a": {"type": "string"}}},
        },
    }
    schema_b = {
        "type": "json_schema",
        "json_schema": {
            "schema": {"properties": {"a": {"type": "string"}}, "type": "object"},
            "name": "answer",
        },
    }
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    a = chat(msgs, response_format=schema_a)
    b = chat(turn(msgs, "{}", "again"), response_format=schema_b)
    br = first_break(run([a, b])[1])
    assert (br.cause, br.segment) == ("schema-key-order", "response_format")


def test_schema_key_order_in_anthropic_tool_use_history() -> None:
    # dspy #10227: tool arguments re-serialised with their keys in another order.
    sys = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]

    def call(args: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            USER1,
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": "toolu_01", "name": "lookup_order", "input": args}
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "shipped"}
                ],
            },
        ]

    a = claude(call({"order_id": "1234", "verbose": True}), system=sys)
    b = claude(turn(call({"verbose": True, "order_id": "1234"}), "Shipped.", "thanks"), system=sys)
    br = first_break(run([a, b], api="anthropic-messages")[1])
    assert (br.cause, br.segment) == ("schema-key-order", "messages[1]")


# --- system, history -------------------------------------------------------------------------


def test_system_edit_openai_and_anthropic() -> None:
    edited = SYSTEM.replace("Rule 30:", "Rule 30 (updated):")
    msgs_a = [{"role": "system", "content": SYSTEM}, USER1]
    msgs_b = turn([{"role": "system", "content": edited}, USER1], "ok", "more")
    br = first_break(run([chat(msgs_a), chat(msgs_b)])[1])
    assert (br.cause, br.code, br.segment) == ("system-edit", None, "messages[0]")
    assert br.token_offset == MESSAGE_OVERHEAD + ntok(SYSTEM.split(" 30:")[0] + " 30")
    a = claude([USER1], system=SYSTEM, cache_control={"type": "ephemeral"})
    b = claude(turn([USER1], "ok", "more"), system=edited, cache_control={"type": "ephemeral"})
    br = first_break(run([a, b], api="anthropic-messages")[1])
    assert (br.cause, br.segment) == ("system-edit", "system")


def test_history_message_edited() -> None:
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    a = chat(turn(msgs, "Your order shipped yesterday.", "Thanks! And order 99?"))
    edited = turn(msgs, "Your order shipped on Friday.", "Thanks! And order 99?", "Checking.", "ok")
    br = first_break(run([a, chat(edited)])[1])
    assert (br.cause, br.code, br.segment) == ("history-rewrite", "PL301", "messages[2]")


def test_history_truncated_sliding_window() -> None:
    msgs = turn([{"role": "system", "content": SYSTEM}, USER1], "A1", "U2", "A2", "U3")
    dropped = [msgs[0], *msgs[3:]]
    b = turn(dropped, "A3", "U4")
    analyzer = Analyzer()
    analyzer.analyze(ex(chat(msgs), n=0))
    rec, details = analyzer.analyze_detailed(ex(chat(b), n=1))
    br = first_break(rec)
    assert (br.cause, br.segment) == ("history-rewrite", "messages[1]")
    assert "dropped" in details[0]
    sys_tokens = MESSAGE_OVERHEAD + ntok(SYSTEM)
    assert br.token_offset == sys_tokens


def test_stripped_reasoning_openai_chat() -> None:
    # Qwen / DeepSeek style: the client drops reasoning_content from earlier turns.
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    with_r = [*msgs, {"role": "assistant", "content": "Shipped.", "reasoning_content": "Look up."}]
    a = chat([*with_r, {"role": "user", "content": "when?"}])
    b = chat(
        [*msgs, {"role": "assistant", "content": "Shipped."}, {"role": "user", "content": "when?"}]
    )
    analyzer = Analyzer()
    analyzer.analyze(ex(a, n=0))
    rec, details = analyzer.analyze_detailed(ex(b, n=1))
    br = first_break(rec)
    assert (br.cause, br.segment) == ("history-rewrite", "messages[2]")
    assert details[0] == "reasoning stripped"


def test_stripped_thinking_anthropic() -> None:
    sys = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]
    thinking = {"type": "thinking", "thinking": "The user wants order status.", "signature": "sig"}
    answer = {"type": "text", "text": "It shipped."}
    a = claude(
        [
            USER1,
            {"role": "assistant", "content": [thinking, answer]},
            {"role": "user", "content": "ok"},
        ],
        system=sys,
        thinking={"type": "enabled", "budget_tokens": 2000},
    )
    b = claude(
        [USER1, {"role": "assistant", "content": [answer]}, {"role": "user", "content": "ok"}],
        system=sys,
        thinking={"type": "enabled", "budget_tokens": 2000},
    )
    br = first_break(run([a, b], api="anthropic-messages")[1])
    assert (br.cause, br.segment) == ("history-rewrite", "messages[1]")


def test_reasoning_items_dropped_responses_api() -> None:
    base = [{"role": "user", "content": "Where is my order 1234?"}]
    reasoning = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAA"}
    call = {
        "type": "function_call",
        "call_id": "call_1",
        "name": "lookup_order",
        "arguments": '{"order_id":"1234"}',
    }
    output = {"type": "function_call_output", "call_id": "call_1", "output": "shipped"}
    a = {"model": "gpt-5", "instructions": SYSTEM, "input": [*base, reasoning, call, output]}
    b = {
        "model": "gpt-5",
        "instructions": SYSTEM,
        "input": [*base, call, output, {"role": "user", "content": "thanks"}],
    }
    analyzer = Analyzer()
    analyzer.analyze(ex(a, n=0, api="openai-responses"))
    rec, details = analyzer.analyze_detailed(ex(b, n=1, api="openai-responses"))
    br = first_break(rec)
    assert (br.cause, br.segment) == ("history-rewrite", "input[1]")
    assert "reasoning" in details[0]


# --- parameters ------------------------------------------------------------------------------


def test_model_change_openai() -> None:
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    a = chat(msgs)
    b = chat(turn(msgs, "ok", "more"), model="gpt-4o-mini")
    br = first_break(run([a, b])[1])
    assert (br.cause, br.segment, br.token_offset) == ("param-change", "messages[0]", 0)
    assert br.lost_tokens > 1800


@pytest.mark.parametrize(
    "change",
    [
        {"thinking": {"type": "enabled", "budget_tokens": 4000}},
        {"tool_choice": {"type": "any"}},
    ],
)
def test_anthropic_params_break_after_tools(change: dict[str, Any]) -> None:
    tools = [anthropic_tool(ORDER_TOOL)]
    a = claude([USER1], system=SYSTEM, tools=tools, cache_control={"type": "ephemeral"})
    b = claude(
        turn([USER1], "ok", "more"),
        system=SYSTEM,
        tools=tools,
        cache_control={"type": "ephemeral"},
        **change,
    )
    br = first_break(run([a, b], api="anthropic-messages")[1])
    assert (br.cause, br.segment) == ("param-change", "system")
    assert br.token_offset == ntok(_compact(tools[0]))


def test_image_added_anthropic_is_param_change() -> None:
    image = {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="},
    }
    a = claude([USER1], system=SYSTEM, cache_control={"type": "ephemeral"})
    b = claude(
        [USER1, {"role": "assistant", "content": "ok"}, {"role": "user", "content": [image]}],
        system=SYSTEM,
        cache_control={"type": "ephemeral"},
    )
    br = first_break(run([a, b], api="anthropic-messages")[1])
    assert (br.cause, br.segment, br.token_offset) == ("param-change", "system", 0)


# --- time, size, provider ----------------------------------------------------------------------


def _usage_chat(prompt: int, cached: int) -> dict[str, Any]:
    return {
        "prompt_tokens": prompt,
        "completion_tokens": 20,
        "total_tokens": prompt + 20,
        "prompt_tokens_details": {"cached_tokens": cached},
    }


def test_ttl_expired_openai() -> None:
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    analyzer = Analyzer()
    analyzer.analyze(ex(chat(msgs), n=0, at=0))
    rec = analyzer.analyze(ex(chat(turn(msgs, "ok", "more")), n=1, at=1800))
    br = first_break(rec)
    assert (br.cause, br.segment, br.token_offset) == ("ttl-expired", "messages[0]", 0)
    assert br.lost_tokens > 1500
    assert rec.predicted_cached_tokens == 0


def test_one_hour_ttl_anthropic_keeps_cache_after_ten_minutes() -> None:
    sys = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral", "ttl": "1h"}}]
    analyzer = Analyzer()
    analyzer.analyze(ex(claude([USER1], system=sys), n=0, at=0, api="anthropic-messages"))
    rec = analyzer.analyze(
        ex(claude(turn([USER1], "ok", "more"), system=sys), n=1, at=600, api="anthropic-messages")
    )
    assert [b.cause for b in rec.breaks] == ["new-content"]
    assert rec.predicted_cached_tokens and rec.predicted_cached_tokens >= ntok(SYSTEM)
    rec = analyzer.analyze(
        ex(
            claude(turn([USER1], "ok", "more", "x", "y"), system=sys),
            n=2,
            at=600 + 4000,
            api="anthropic-messages",
        )
    )
    assert rec.breaks[0].cause == "ttl-expired"


def test_below_minimum() -> None:
    short = [{"role": "system", "content": "You are terse."}, USER1]
    rec = run([chat(short), chat(turn(short, "ok", "more"))])[1]
    br = first_break(rec)
    assert br.cause == "below-minimum"
    assert rec.predicted_cached_tokens == 0


def test_provider_miss_is_not_avoidable() -> None:
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    analyzer = Analyzer()
    first = analyzer.analyze(ex(chat(msgs), n=0, usage=_usage_chat(1900, 0)))
    total = first.uncached_input_tokens
    rec = analyzer.analyze(
        ex(chat(turn(msgs, "ok", "more")), n=1, usage=_usage_chat(total + 12, 0))
    )
    br = first_break(rec)
    assert br.cause == "provider-miss" and br.code is None
    assert not Cause(br.cause).avoidable
    assert br.lost_tokens == rec.predicted_cached_tokens
    assert rec.predicted_cached_tokens and rec.predicted_cached_tokens % 128 == 0


def test_new_content_when_cache_read_as_predicted() -> None:
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    analyzer = Analyzer()
    analyzer.analyze(ex(chat(msgs), n=0, usage=_usage_chat(1900, 0)))
    rec = analyzer.analyze(ex(chat(turn(msgs, "ok", "more")), n=1, usage=_usage_chat(1912, 1792)))
    assert [b.cause for b in rec.breaks] == ["new-content"]
    assert rec.breaks[0].lost_tokens == 0
    assert rec.breaks[0].segment == "messages[2]"
    assert rec.cache_read_tokens == 1792


def test_anthropic_without_cache_control_is_breakpoint_misuse() -> None:
    a = claude([USER1], system=SYSTEM)
    b = claude(turn([USER1], "ok", "more"), system=SYSTEM)
    br = first_break(run([a, b], api="anthropic-messages")[1])
    assert (br.cause, br.code) == ("breakpoint-misuse", "PL401")
    assert br.lost_tokens >= ntok(SYSTEM)


def test_anthropic_drops_thinking_on_a_new_user_turn() -> None:
    # docs/reference/providers.md §2.2: a non-tool-result user turn with thinking enabled strips the
    # earlier thinking blocks, though the client sent them unchanged.
    sys = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]
    thinking = {"type": "enabled", "budget_tokens": 2000}
    loop = [
        USER1,
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "Look the order up.", "signature": "sig"},
                {"type": "tool_use", "id": "toolu_1", "name": "lookup_order", "input": {"id": "1"}},
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "shipped"}],
        },
    ]
    a = claude(loop, system=sys, thinking=thinking, cache_control={"type": "ephemeral"})
    more = [
        *loop,
        {"role": "assistant", "content": "It shipped."},
        {"role": "user", "content": "ok"},
    ]
    b = claude(more, system=sys, thinking=thinking, cache_control={"type": "ephemeral"})
    analyzer = Analyzer()
    analyzer.analyze(ex(a, n=0, api="anthropic-messages"))
    rec, details = analyzer.analyze_detailed(ex(b, n=1, api="anthropic-messages"))
    br = first_break(rec)
    assert (br.cause, br.code, br.segment) == ("history-rewrite", "PL301", "messages[1]")
    assert "thinking blocks" in details[0]
    assert br.lost_tokens > 0
    # Inside the tool loop (the new user message is a tool result) nothing is dropped.
    loop2 = [
        *loop,
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "Now refund.", "signature": "s2"},
                {"type": "tool_use", "id": "toolu_2", "name": "issue_refund", "input": {"id": "1"}},
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_2", "content": "done"}],
        },
    ]
    analyzer = Analyzer()
    analyzer.analyze(ex(a, n=0, api="anthropic-messages"))
    c = claude(loop2, system=sys, thinking=thinking, cache_control={"type": "ephemeral"})
    rec = analyzer.analyze(ex(c, n=1, api="anthropic-messages"))
    assert [x.cause for x in rec.breaks] == ["new-content"]


def test_prompt_cache_key_change_is_param_change_and_kept_hashed() -> None:
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    a = chat(msgs, prompt_cache_key="user-alice@example.com")
    b = chat(turn(msgs, "ok", "more"), prompt_cache_key="user-alice@example.com#2")
    rec = run([a, b])[1]
    br = first_break(rec)
    assert (br.cause, br.segment, br.token_offset) == ("param-change", "messages[0]", 0)
    assert rec.parent_id == "r0"
    assert "alice" not in (br.before or "") + (br.after or "") + (rec.body or "")


def test_anthropic_entry_beyond_the_20_block_lookback_is_breakpoint_misuse() -> None:
    # docs/reference/providers.md §2.1: a read looks back at most 20 blocks from each
    # breakpoint. A client that marks only its last message, then sends 30 new blocks, finds
    # no entry to read.
    def marked(msgs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = copy.deepcopy(msgs)
        out[-1]["content"] = [
            {"type": "text", "text": out[-1]["content"], "cache_control": {"type": "ephemeral"}}
        ]
        return out

    first = [{"role": "user", "content": SYSTEM}]  # a long first message carries the prefix
    longer = turn(first, *[f"message {k}" for k in range(30)])
    a = claude(marked(first), system="You are terse.")
    b = claude(marked(longer), system="You are terse.")
    rec = run([a, b], api="anthropic-messages")[1]
    br = first_break(rec)
    assert (br.cause, br.code) == ("breakpoint-misuse", "PL401")
    assert br.lost_tokens >= ntok(SYSTEM)
    assert rec.predicted_cached_tokens == 0
    # Within the lookback the same entry is read.
    near = turn(first, *[f"message {k}" for k in range(10)])
    rec = run([a, claude(marked(near), system="You are terse.")], api="anthropic-messages")[1]
    assert [x.cause for x in rec.breaks] == ["new-content"]
    assert rec.predicted_cached_tokens and rec.predicted_cached_tokens >= ntok(SYSTEM)


@pytest.mark.parametrize(("appended", "read"), [(20, True), (21, False)])
def test_anthropic_lookback_boundary_is_the_simulators(appended: int, read: bool) -> None:
    # The diagnosis and `promptlint cost` apply one rule (CachePolicy.reachable): an entry
    # 20 blocks before the new breakpoint is read, one 21 blocks before is not.
    def marked(msgs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = copy.deepcopy(msgs)
        out[-1]["content"] = [
            {"type": "text", "text": out[-1]["content"], "cache_control": {"type": "ephemeral"}}
        ]
        return out

    first = [{"role": "user", "content": SYSTEM}]
    later = turn(first, *[f"message {k}" for k in range(appended)])
    a = claude(marked(first), system="You are terse.")
    b = claude(marked(later), system="You are terse.")
    rec = run([a, b], api="anthropic-messages")[1]
    assert bool(rec.predicted_cached_tokens) is read
    assert ("breakpoint-misuse" in [x.cause for x in rec.breaks]) is not read


def test_parallel_requests_miss_is_explained() -> None:
    msgs = [{"role": "system", "content": SYSTEM}, USER1]
    analyzer = Analyzer()
    first = ex(chat(msgs), n=0, at=0, usage=_usage_chat(1900, 0))
    first.latency_ms = 4000.0  # still streaming when the next request goes out
    analyzer.analyze(first)
    rec, details = analyzer.analyze_detailed(
        ex(chat(turn(msgs, "ok", "more")), n=1, at=1.5, usage=_usage_chat(1912, 0))
    )
    assert rec.breaks[0].cause == "provider-miss"
    assert "stagger parallel requests" in details[0]


def _docs(seed: int) -> str:
    topics = ["returns", "shipping", "warranty", "billing", "privacy", "gift cards"]
    return "\n".join(
        f"Document {seed}-{k}: the {topics[(seed + k) % len(topics)]} policy says customers "
        f"in region {seed * 7 + k} may ask for help within {seed + k + 10} days."
        for k in range(4)
    )


def test_retrieved_documents_before_static_instructions_is_dynamic_before_static() -> None:
    # RAG context pasted at the top of the system prompt, the static rules after it.
    a = chat([{"role": "system", "content": "Context:\n" + _docs(1) + "\n\n" + SYSTEM}, USER1])
    b = chat([{"role": "system", "content": "Context:\n" + _docs(2) + "\n\n" + SYSTEM}, USER1])
    br = first_break(run([a, b])[1])
    assert (br.cause, br.code, br.segment) == ("dynamic-before-static", "PL104", "messages[0]")
    assert br.lost_tokens > 1500
    # The same with Anthropic system blocks: a per-request block before the static one.
    static = {"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}
    a = claude([USER1], system=[{"type": "text", "text": _docs(1)}, static])
    b = claude([USER1], system=[{"type": "text", "text": _docs(2)}, static])
    br = first_break(run([a, b], api="anthropic-messages")[1])
    assert (br.cause, br.code, br.segment) == ("dynamic-before-static", "PL104", "system[0]")


def test_small_edit_before_static_text_stays_system_edit() -> None:
    a = chat([{"role": "system", "content": "Tone: formal.\n" + SYSTEM}, USER1])
    b = chat([{"role": "system", "content": "Tone: friendly and warm.\n" + SYSTEM}, USER1])
    assert first_break(run([a, b])[1]).cause == "system-edit"


def test_a_longer_ttl_after_a_shorter_one_is_breakpoint_ttl_order() -> None:
    # Anthropic requires 1 h entries before 5 m ones; such a request is rejected (400).
    system = [
        {"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}},
        {"type": "text", "text": "Policies.", "cache_control": {"type": "ephemeral", "ttl": "1h"}},
    ]
    body = {"model": "claude-sonnet-4-5", "max_tokens": 64, "system": system,
            "messages": [{"role": "user", "content": "hi"}]}  # fmt: skip
    rec = Analyzer().analyze(ex(body, n=0, api="anthropic-messages", status=400))
    assert [(b.cause, b.code, b.segment, b.lost_tokens) for b in rec.breaks] == [
        ("breakpoint-ttl-order", "PL402", "system[1]", 0)
    ]
    system[0]["cache_control"] = {"type": "ephemeral", "ttl": "1h"}
    system[1]["cache_control"] = {"type": "ephemeral"}
    assert Analyzer().analyze(ex(body, n=0, api="anthropic-messages")).breaks == []
