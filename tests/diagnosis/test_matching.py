"""Finding the request each one extends, and grouping requests into sessions."""

from __future__ import annotations

from typing import Any

from promptlint.diagnosis.analyzer import Analyzer
from promptlint.store.records import RequestRecord

from .helpers import ORDER_TOOL, SYSTEM, WEATHER_TOOL, chat, claude, ex


def convo(first: str, *more: str, system: str = SYSTEM) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": system},
        {"role": "user", "content": first},
    ]
    for k, text in enumerate(more):
        msgs.append({"role": "assistant" if k % 2 == 0 else "user", "content": text})
    return msgs


def test_interleaved_conversations_find_their_own_parents() -> None:
    a = Analyzer()
    tools = [WEATHER_TOOL, ORDER_TOOL]
    r = [
        a.analyze(ex(chat(convo("Order 1 status?"), tools=tools), n=0)),
        a.analyze(ex(chat(convo("Weather in Oslo?"), tools=tools), n=1)),
        a.analyze(ex(chat(convo("Order 1 status?", "Shipped.", "When?"), tools=tools), n=2)),
        a.analyze(ex(chat(convo("Weather in Oslo?", "Rainy.", "Tomorrow?"), tools=tools), n=3)),
        a.analyze(
            ex(
                chat(convo("Order 1 status?", "Shipped.", "When?", "Monday.", "Ok"), tools=tools),
                n=4,
            )
        ),
    ]
    assert [x.parent_id for x in r] == [None, "r0", "r0", "r1", "r2"]
    assert r[2].session_id == r[0].session_id == r[4].session_id
    assert r[3].session_id == r[1].session_id
    assert r[0].session_id != r[1].session_id
    # The second conversation shares tools and system with the first: a cache parent,
    # but not the same session.
    assert r[1].breaks[0].cause == "new-content"


def test_parent_found_despite_the_divergence_being_diagnosed() -> None:
    a = Analyzer()
    s1 = "Time: 12:00:01\n" + SYSTEM
    s2 = "Time: 12:00:31\n" + SYSTEM
    s3 = "Time: 12:01:02\n" + SYSTEM
    r0 = a.analyze(ex(chat(convo("Order 1 status?", system=s1)), n=0))
    a.analyze(ex(chat(convo("Unrelated question", system=s1)), n=1))
    r2 = a.analyze(ex(chat(convo("Order 1 status?", "Shipped.", "When?", system=s2)), n=2))
    r3 = a.analyze(
        ex(chat(convo("Order 1 status?", "Shipped.", "When?", "Monday.", "ok", system=s3)), n=3)
    )
    assert r2.parent_id == "r0" and r3.parent_id == "r2"
    assert r2.session_id == r0.session_id == r3.session_id
    assert r3.breaks[0].cause == "volatile-timestamp"


def test_single_turn_app_with_timestamp_still_finds_a_parent() -> None:
    # home-assistant #133687: "Current time is 20:37:19" first in every prompt, one question each.
    a = Analyzer()
    r0 = a.analyze(
        ex(chat(convo("Turn on the lights", system="Current time is 20:37:19.\n" + SYSTEM)), n=0)
    )
    r1 = a.analyze(
        ex(chat(convo("Is the door locked?", system="Current time is 20:38:02.\n" + SYSTEM)), n=1)
    )
    assert r1.parent_id == r0.id
    assert r1.session_id != r0.session_id  # a new conversation
    assert r1.breaks[0].cause == "volatile-timestamp"


def test_keys_are_never_mixed() -> None:
    a = Analyzer()
    a.analyze(ex(chat(convo("Order 1 status?")), n=0, key="alice"))
    r = a.analyze(ex(chat(convo("Order 1 status?", "Shipped.", "When?")), n=1, key="bob"))
    assert r.parent_id is None and r.breaks == []


def test_explicit_session_header_groups_and_restricts() -> None:
    a = Analyzer()
    h1 = {"x-promptlint-session": "agent-1"}
    h2 = {"x-promptlint-session": "agent-2"}
    r0 = a.analyze(ex(chat(convo("Order 1 status?")), n=0, headers=h1))
    r1 = a.analyze(ex(chat(convo("Order 1 status?")), n=1, headers=h2))
    r2 = a.analyze(ex(chat(convo("Order 1 status?", "Shipped.", "When?")), n=2, headers=h1))
    r3 = a.analyze(ex(chat(convo("A different first message")), n=3, headers=h1))
    assert (r0.session_id, r1.session_id, r2.session_id, r3.session_id) == (
        "agent-1",
        "agent-2",
        "agent-1",
        "agent-1",
    )
    assert r2.parent_id == "r0"  # not r1, which is the same prefix but another session
    assert r3.parent_id == "r2"


def test_prompt_cache_key_and_anthropic_user_id_name_sessions() -> None:
    a = Analyzer()
    r0 = a.analyze(ex(chat(convo("Hi"), prompt_cache_key="tenant-42"), n=0))
    r1 = a.analyze(ex(chat(convo("Something else"), prompt_cache_key="tenant-42"), n=1))
    assert r0.session_id == r1.session_id and r0.session_id.startswith("pck-")
    assert "tenant-42" not in r0.session_id
    md = {"user_id": "user_abc_account_1_session_7"}
    c0 = a.analyze(
        ex(
            claude([{"role": "user", "content": "hi"}], system=SYSTEM, metadata=md),
            n=2,
            api="anthropic-messages",
        )
    )
    c1 = a.analyze(
        ex(
            claude([{"role": "user", "content": "other"}], system=SYSTEM, metadata=md),
            n=3,
            api="anthropic-messages",
        )
    )
    assert c0.session_id == c1.session_id and c0.session_id.startswith("uid-")


def test_retry_of_an_earlier_state_has_no_break() -> None:
    a = Analyzer()
    a.analyze(ex(chat(convo("Order 1?", "Shipped.", "When?")), n=0))
    r = a.analyze(ex(chat(convo("Order 1?", "Shipped.", "When?")), n=1))
    assert r.parent_id == "r0"
    assert [b.cause for b in r.breaks] == []  # identical: nothing broke, nothing new


def test_failed_requests_are_not_parents() -> None:
    a = Analyzer()
    a.analyze(ex(chat(convo("Order 1?")), n=0, status=500))
    r = a.analyze(ex(chat(convo("Order 1?", "Shipped.", "When?")), n=1))
    assert r.parent_id is None


def test_index_is_bounded() -> None:
    a = Analyzer(per_group=8, max_groups=4)
    for n in range(40):
        a.analyze(ex(chat(convo(f"question {n}")), n=n, key=f"k{n % 10}"))
    groups = a.index._groups
    assert len(groups) <= 4
    assert all(len(g) <= 8 for g in groups.values())


def test_index_holds_a_bounded_number_of_segments() -> None:
    a = Analyzer(max_segments=50)
    for n in range(60):
        a.analyze(ex(chat(convo(f"question {n}", "answer", "more")), n=n, key=f"k{n % 7}"))
    assert 0 < a.index.segments <= 50
    held = sum(len(e.segs) for g in a.index._groups.values() for e in g)
    assert held == a.index.segments


def test_requests_of_a_conversation_share_segment_objects() -> None:
    a = Analyzer()
    a.analyze(ex(chat(convo("Order 1?", "Shipped.", "When?")), n=0))
    a.analyze(ex(chat(convo("Order 1?", "Shipped.", "When?", "Monday.", "ok")), n=1))
    newer, older = a.index.candidates("key-a", "openai")
    assert all(x is y for x, y in zip(older.segs, newer.segs[: len(older.segs)], strict=True))


def test_equal_prefixes_prefer_the_same_model() -> None:
    a = Analyzer()
    a.analyze(ex(chat(convo("first question"), model="gpt-4o-mini"), n=0))
    a.analyze(ex(chat(convo("second question"), model="gpt-4o"), n=1))
    r = a.analyze(ex(chat(convo("third question"), model="gpt-4o-mini"), n=2))
    assert r.parent_id == "r0"
    assert [b.cause for b in r.breaks] == ["new-content"]
    # A conversation that switches model mid-way still finds its own earlier turn.
    r = a.analyze(ex(chat(convo("second question", "answer", "more"), model="gpt-4o-mini"), n=3))
    assert r.parent_id == "r1" and r.breaks[0].cause == "param-change"


def _restored_tools_session(gap_to_restore: float, model_last: str = "gpt-4o") -> RequestRecord:
    """r0 [weather, order]; r1 the tools swapped; r2 the original order again."""
    analyzer = Analyzer()
    base = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "Order 1?"}]
    m1 = [*base, {"role": "assistant", "content": "ok"}, {"role": "user", "content": "more"}]
    m2 = [*m1, {"role": "assistant", "content": "sure"}, {"role": "user", "content": "thanks"}]
    analyzer.analyze(ex(chat(base, tools=[WEATHER_TOOL, ORDER_TOOL]), n=0, at=0))
    r1 = analyzer.analyze(ex(chat(m1, tools=[ORDER_TOOL, WEATHER_TOOL]), n=1, at=10))
    assert r1.breaks[0].cause == "tool-order"
    body = chat(m2, tools=[WEATHER_TOOL, ORDER_TOOL], model=model_last)
    return analyzer.analyze(ex(body, n=2, at=gap_to_restore))


def test_prediction_reads_an_older_live_entry_within_its_ttl_only() -> None:
    alive = _restored_tools_session(60)
    assert alive.parent_id == "r1"
    # r0's whole prompt is readable again: the system prompt and its tools, ~1.9k tokens.
    assert alive.predicted_cached_tokens is not None and alive.predicted_cached_tokens >= 1792
    assert alive.breaks[0].cause == "tool-order"
    assert alive.breaks[0].lost_tokens < 256  # only r1's own additions
    expired = _restored_tools_session(301)  # r0's entry is older than the 5 min TTL
    assert expired.predicted_cached_tokens == 0
    assert expired.breaks[0].lost_tokens > 1500
    other_model = _restored_tools_session(60, model_last="gpt-4o-mini")  # another cache
    assert other_model.predicted_cached_tokens == 0


def test_ids_outside_the_cache_key_that_change_per_request() -> None:
    """A LiteLLM-style client: OpenAI `user` and `metadata`, Anthropic `metadata.user_id`
    set to a fresh trace id on every request. None enters the cache key: no break, and
    the conversation stays one session."""
    a = Analyzer()
    msgs: list[dict[str, Any]] = [{"role": "user", "content": "Where is order 1234?"}]
    recs = []
    for turn in range(4):
        body = claude(
            msgs,
            system=[{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}],
            metadata={"user_id": f"trace-{turn:04d}-{turn * 7919:08x}"},
        )
        recs.append(a.analyze(ex(body, n=turn, api="anthropic-messages")))
        msgs = [*msgs, {"role": "assistant", "content": f"answer {turn}"}]
        msgs.append({"role": "user", "content": f"q{turn}"})
    assert [r.parent_id for r in recs] == [None, "r0", "r1", "r2"]
    assert len({r.session_id for r in recs}) == 1
    assert all([b.cause for b in r.breaks] == ["new-content"] for r in recs[1:])

    chats = []
    cmsgs: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": "Hi"},
    ]
    for turn in range(3):
        body = chat(
            cmsgs,
            user=f"user-{turn}",
            metadata={"trace_id": f"t{turn}", "generation_name": f"gen-{turn}"},
            store=True,
        )
        chats.append(a.analyze(ex(body, n=10 + turn)))
        cmsgs = [
            *cmsgs,
            {"role": "assistant", "content": f"a{turn}"},
            {"role": "user", "content": f"q{turn}"},
        ]
    assert len({r.session_id for r in chats}) == 1
    assert all([b.cause for b in r.breaks] == ["new-content"] for r in chats[1:])


def test_a_new_conversation_on_another_model_has_no_parent_there() -> None:
    """Two workloads of one key on two models (an agent and its cheap helper calls) share
    tools and instructions but no conversation: a model's first request is not a
    param-change break of the other model's traffic."""
    a = Analyzer()
    tools = [WEATHER_TOOL, ORDER_TOOL]
    a.analyze(ex(chat(convo("first question"), model="gpt-4o", tools=tools), n=0))
    r1 = a.analyze(ex(chat(convo("a title for this"), model="gpt-4o-mini", tools=tools), n=1))
    assert r1.parent_id is None and r1.breaks == [] and r1.predicted_cached_tokens == 0
    # Its own next turn finds it; the same conversation switching model is still a break.
    r2 = a.analyze(
        ex(
            chat(
                convo("a title for this", "Order talk", "shorter"), model="gpt-4o-mini", tools=tools
            ),
            n=2,
        )
    )
    assert r2.parent_id == "r1" and [b.cause for b in r2.breaks] == ["new-content"]
    r3 = a.analyze(
        ex(chat(convo("first question", "answer", "more"), model="gpt-4o-mini", tools=tools), n=3)
    )
    assert r3.parent_id == "r0" and r3.breaks[0].cause == "param-change"
