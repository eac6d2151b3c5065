"""Every cause, end to end: the official SDK → the real proxy → the fake upstream (exact
wire formats, a prefix cache) → the Analyzer in the proxy's writer → the store.

Each scenario sends one request, then a second one that breaks (or, for new-content,
extends) the prefix in one way; the stored record of the second must name the cause,
its rule code and the segment, and charge a loss that agrees with what the upstream
actually read. Both SDKs, streamed and not, share the scenarios between them.
"""

from __future__ import annotations

import copy
import json
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from decimal import Decimal
from pathlib import Path
from typing import Any

import anthropic
import openai
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "proxy"))

from harness import ANTHROPIC_KEY, OPENAI_KEY, Harness

import promptlint.proxy.server as proxy_server
from promptlint.causes import Cause
from promptlint.cost.catalog import price_of
from promptlint.cost.money import money
from promptlint.cost.prices import lost_cost
from promptlint.store.records import RequestRecord

from .helpers import ORDER_TOOL, REFUND_TOOL, SYSTEM, WEATHER_TOOL, anthropic_tool

Body = dict[str, Any]
USER1 = "Where is my order 1234? It was due on Monday."
# A long answer in the history: what a rewrite before it throws away is worth caching.
ANSWER = " ".join(
    f"Step {k}: I checked the carrier's tracking page, the warehouse log and the order "
    "history, and everything there agrees with the dispatch note you received."
    for k in range(1, 31)
)


class Clock:
    """Moves the proxy's and the upstream's "now" together (the proxy stamps each
    exchange with `datetime.now`; the fake upstream expires entries by `fake.clock`)."""

    def __init__(self, h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
        self.h = h
        self.offset = 0.0
        clock = self

        class _Shifted(datetime):
            @classmethod
            def now(cls, tz: tzinfo | None = None) -> datetime:  # type: ignore[override]
                return datetime.now(tz) + timedelta(seconds=clock.offset)

        monkeypatch.setattr(proxy_server, "datetime", _Shifted)

    def advance(self, seconds: float) -> None:
        self.offset += seconds
        self.h.fake.clock = time.time() + self.offset


@dataclass(frozen=True)
class Scenario:
    cause: Cause
    sdk: str  # chat | responses (openai) | messages (anthropic)
    stream: bool
    first: Body
    second: Body
    segment: str
    between: Callable[[Harness, Clock], None] | None = None
    detail: str | None = None  # expected in the recorded explanation of the break


# --- request bodies ----------------------------------------------------------------------------


# The git status block a coding agent appends to its system prompt (Claude Code before 2.1
# wrote it so), after the static rules.
GIT_STATUS = (
    "\n\ngitStatus: This is the git status at the start of the conversation.\n"
    "Current branch: main\n\nStatus:\n{status}\n\nRecent commits:\nabc123 Fix the parser"
)


def chat(system: str, *turns: str, model: str = "gpt-4o", **extra: Any) -> Body:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": system}]
    for k, text in enumerate(turns):
        msgs.append({"role": "user" if k % 2 == 0 else "assistant", "content": text})
    return {"model": model, "messages": msgs, **extra}


def claude(system: Any, *turns: str, mark_last: bool = False, **extra: Any) -> Body:
    msgs: list[dict[str, Any]] = []
    for k, text in enumerate(turns):
        msgs.append(
            {
                "role": "user" if k % 2 == 0 else "assistant",
                "content": [{"type": "text", "text": text}],
            }
        )
    if mark_last:
        msgs[-1]["content"][0]["cache_control"] = {"type": "ephemeral"}
    return {
        "model": "claude-sonnet-4-6",
        "max_tokens": 64,
        "system": system,
        "messages": msgs,
        **extra,
    }


def cached_system(*before: str) -> list[dict[str, Any]]:
    """Anthropic system blocks: optional per-request blocks, then the cached static one."""
    return [{"type": "text", "text": t} for t in before] + [
        {"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}
    ]


def responses(instructions: str, *turns: str) -> Body:
    items = [
        {"role": "user" if k % 2 == 0 else "assistant", "content": text}
        for k, text in enumerate(turns)
    ]
    return {"model": "gpt-4o", "instructions": instructions, "input": items}


def docs(seed: int) -> str:
    """Retrieved documents, different for every request."""
    topics = ["returns", "shipping", "warranty", "billing", "privacy", "gift cards"]
    return "\n".join(
        f"Document {seed}-{k}: the {topics[(seed + k) % len(topics)]} policy says customers "
        f"in region {seed * 7 + k} may ask for help within {seed + k + 10} days."
        for k in range(4)
    )


def reordered_keys(tool: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(tool)
    params = out["function"]["parameters"]
    out["function"]["parameters"] = {k: params[k] for k in reversed(list(params))}
    return out


def six_tools() -> list[dict[str, Any]]:
    return [
        {
            "name": f"tool_{i}",
            "description": f"Tool number {i}: does work item {i} for the user, carefully.",
            "input_schema": {
                "type": "object",
                "properties": {f"arg{i}": {"type": "string"}},
                "required": [f"arg{i}"],
            },
        }
        for i in range(6)
    ]


TOOLS = [WEATHER_TOOL, ORDER_TOOL]
A_TOOLS = six_tools()
SHUFFLED = [A_TOOLS[i] for i in (3, 0, 5, 1, 4, 2)]


def _expire(h: Harness, clock: Clock) -> None:
    clock.advance(600)  # twice Anthropic's default 5-minute TTL


def _provider_forgets(h: Harness, clock: Clock) -> None:
    h.fake._anthropic_cache.clear()  # the provider evicts early: nothing the client did


SCENARIOS = [
    Scenario(
        Cause.VOLATILE_TIMESTAMP,
        "chat",
        False,
        chat("Current time: 2026-11-29 12:00:01 UTC.\n" + SYSTEM, USER1),
        chat("Current time: 2026-11-29 12:00:41 UTC.\n" + SYSTEM, USER1, "Checking.", "ok"),
        "messages[0]",
    ),
    Scenario(
        Cause.VOLATILE_ID,
        "messages",
        True,
        claude(cached_system("Request id: 3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b."), USER1),
        claude(
            cached_system("Request id: 9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e."),
            USER1,
            "Checking.",
            "ok",
        ),
        "system[0]",
    ),
    Scenario(
        Cause.VOLATILE_RANDOM,
        "chat",
        True,
        chat("Sampling seed: 0.7348112.\n" + SYSTEM, USER1),
        chat("Sampling seed: 0.1932764.\n" + SYSTEM, USER1, "Checking.", "ok"),
        "messages[0]",
    ),
    Scenario(
        Cause.DYNAMIC_BEFORE_STATIC,
        "messages",
        False,
        claude(cached_system(docs(1)), USER1),
        claude(cached_system(docs(2)), USER1, "Checking.", "ok"),
        "system[0]",
    ),
    Scenario(
        Cause.TOOL_ORDER,
        "messages",
        True,
        claude(cached_system(), USER1, tools=A_TOOLS),
        claude(cached_system(), USER1, "Checking.", "ok", tools=SHUFFLED),
        "tools[0]",
    ),
    Scenario(
        Cause.TOOL_CHANGE,
        "chat",
        False,
        chat(SYSTEM, USER1, tools=TOOLS),
        chat(SYSTEM, USER1, "Checking.", "ok", tools=[*TOOLS, REFUND_TOOL]),
        "tools[2]",
    ),
    Scenario(
        Cause.SCHEMA_KEY_ORDER,
        "chat",
        True,
        chat(SYSTEM, USER1, tools=TOOLS),
        chat(SYSTEM, USER1, "Checking.", "ok", tools=[reordered_keys(WEATHER_TOOL), ORDER_TOOL]),
        "tools[0]",
    ),
    Scenario(
        Cause.SYSTEM_EDIT,
        "responses",
        True,
        responses(SYSTEM, USER1),
        responses(SYSTEM.replace("Rule 30:", "Rule 30 (updated):"), USER1, "Checking.", "ok"),
        "instructions",
    ),
    Scenario(
        Cause.ENVIRONMENT_CHANGE,
        "chat",
        False,
        chat(SYSTEM + GIT_STATUS.format(status="M app.py"), USER1),
        chat(SYSTEM + GIT_STATUS.format(status="M app.py\n?? notes.txt"), USER1, "On it.", "ok"),
        "messages[0] (gitStatus:, Status)",
        detail="environment block gitStatus: changed, at Status",
    ),
    Scenario(
        Cause.HISTORY_REWRITE,
        "messages",
        False,
        claude(cached_system(), USER1, ANSWER, "Thanks! And order 99?", mark_last=True),
        claude(
            cached_system(),
            USER1.replace("my order", "the order"),
            ANSWER,
            "Thanks! And order 99?",
            "Checking.",
            "ok",
            mark_last=True,
        ),
        "messages[0]",
    ),
    Scenario(
        Cause.BREAKPOINT_MISUSE,
        "messages",
        True,
        claude(SYSTEM, USER1),  # no cache_control anywhere: Anthropic caches nothing
        claude(SYSTEM, USER1, "Checking.", "ok"),
        "system",
    ),
    Scenario(
        Cause.PARAM_CHANGE,
        "chat",
        False,
        chat(SYSTEM, USER1),
        chat(SYSTEM, USER1, "Checking.", "ok", model="gpt-4o-mini"),
        "messages[0]",
    ),
    Scenario(
        Cause.TTL_EXPIRED,
        "messages",
        False,
        claude(cached_system(), USER1),
        claude(cached_system(), USER1, "Checking.", "ok"),
        "system[0]",
        between=_expire,
    ),
    Scenario(
        Cause.BELOW_MINIMUM,
        "chat",
        True,
        chat("You are terse.", USER1),
        chat("You are terse.", USER1, "Checking.", "ok"),
        "messages[0]",
    ),
    Scenario(
        Cause.PROVIDER_MISS,
        "messages",
        True,
        claude(cached_system(), USER1),
        claude(cached_system(), USER1, "Checking.", "ok"),
        "system[0]",
        between=_provider_forgets,
    ),
    Scenario(
        Cause.NEW_CONTENT,
        "responses",
        False,
        responses(SYSTEM, USER1),
        responses(SYSTEM, USER1, "Checking.", "ok"),
        "input[1]",
    ),
]


# Found by these tests (see the commit): a tool added in front of Anthropic's cached system
# block moved the earlier request's cache entries in the diagnosis, and the loss came out 0.
REGRESSIONS = [
    Scenario(
        Cause.TOOL_CHANGE,
        "messages",
        True,
        claude(cached_system(), USER1, tools=[anthropic_tool(t) for t in TOOLS]),
        claude(
            cached_system(),
            USER1,
            "Checking.",
            "ok",
            tools=[anthropic_tool(t) for t in (*TOOLS, REFUND_TOOL)],
        ),
        "tools[2]",
    ),
    # ... and the last of three tools dropped was explained as "all tools removed".
    Scenario(
        Cause.TOOL_CHANGE,
        "chat",
        True,
        chat(SYSTEM, USER1, tools=[*TOOLS, REFUND_TOOL]),
        chat(SYSTEM, USER1, "Checking.", "ok", tools=TOOLS),
        "messages[0]",
        detail="tool list changed: removed issue_refund",
    ),
]


# Named only from an agent's own log (its compaction entries): in traffic, the summary
# that replaces earlier turns is a history rewrite.
LOG_ONLY = {Cause.COMPACTION}


def test_every_cause_has_a_scenario() -> None:
    # A request with its TTLs in the wrong order is rejected by the API: nothing to read or
    # lose (test_causes.py checks the diagnosis names it).
    untested = LOG_ONLY | {Cause.BREAKPOINT_TTL_ORDER}
    assert sorted(s.cause.value for s in SCENARIOS) == sorted(
        c.value for c in Cause if c not in untested
    )
    modes = {(s.sdk == "messages", s.stream) for s in SCENARIOS}
    assert modes == {(a, s) for a in (False, True) for s in (False, True)}


# --- driving the SDKs --------------------------------------------------------------------------


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[Harness]:
    h = Harness(tmp_path).start()
    try:
        yield h
    finally:
        h.stop()


def send(h: Harness, sdk: str, body: Body, stream: bool) -> None:
    if sdk == "messages":
        a = h.track(anthropic.Anthropic(base_url=h.url, api_key=ANTHROPIC_KEY, max_retries=0))
        if stream:
            with a.messages.stream(**body) as s:
                s.get_final_message()
        else:
            a.messages.create(**body)
        return
    o = h.track(openai.OpenAI(base_url=h.url + "/v1", api_key=OPENAI_KEY, max_retries=0))
    if sdk == "chat":
        if stream:
            for _ in o.chat.completions.create(
                **body, stream=True, stream_options={"include_usage": True}
            ):
                pass
        else:
            o.chat.completions.create(**body)
    elif stream:
        for _ in o.responses.create(**body, stream=True):
            pass
    else:
        o.responses.create(**body)


def _ids(s: Scenario) -> str:
    return f"{s.cause.value}-{s.sdk}-{'stream' if s.stream else 'json'}"


@pytest.mark.parametrize("s", SCENARIOS + REGRESSIONS, ids=_ids)
def test_cause_via_proxy(proxy: Harness, monkeypatch: pytest.MonkeyPatch, s: Scenario) -> None:
    clock = Clock(proxy, monkeypatch)
    send(proxy, s.sdk, s.first, s.stream)
    if s.between is not None:
        s.between(proxy, clock)
    send(proxy, s.sdk, s.second, s.stream)

    first, rec = sorted(proxy.records(), key=lambda r: r.ts)
    assert first.parsed and rec.parsed
    assert first.breaks == [] and first.parent_id is None
    assert rec.parent_id == first.id and rec.session_id == first.session_id
    assert rec.streamed is s.stream and rec.prompt_tokens_exact
    assert rec.breaks, f"no break recorded for {s.cause.value}"
    br = rec.breaks[0]
    assert (br.cause, br.code, br.segment) == (s.cause.value, s.cause.code, s.segment), rec.breaks
    _assert_loss_consistent(s.cause, rec, first)
    if s.detail is not None:
        assert rec.body is not None
        assert json.loads(rec.body)["break_details"][0] == s.detail


def _assert_loss_consistent(cause: Cause, rec: RequestRecord, first: RequestRecord) -> None:
    br = rec.breaks[0]
    billed_uncached = (
        rec.uncached_input_tokens + rec.cache_write_5m_tokens + rec.cache_write_1h_tokens
    )
    expected_usd = money(lost_cost(br.lost_tokens, price_of(rec.model)))
    assert br.lost_usd == expected_usd
    if cause is Cause.NEW_CONTENT:
        # Nothing broke: the upstream read what the first request cached, as predicted.
        assert [b.cause for b in rec.breaks] == ["new-content"]
        assert (br.lost_tokens, br.lost_usd) == (0, "0")
        assert rec.cache_read_tokens > 1024 and rec.predicted_cached_tokens == rec.cache_read_tokens
        return
    assert all(b.cause != "new-content" for b in rec.breaks)
    # The prefix broke and the upstream did not read it: tokens were lost and cost money,
    # never more than the upstream billed at full price.
    assert br.lost_tokens > 0 and Decimal(br.lost_usd) > 0
    assert sum(b.lost_tokens for b in rec.breaks) <= billed_uncached
    if cause is Cause.BELOW_MINIMUM:
        assert not cause.avoidable  # nothing broke: too short to be cached at all
    elif cause is Cause.PROVIDER_MISS:
        assert not cause.avoidable
        assert rec.cache_read_tokens == 0
        assert br.lost_tokens == rec.predicted_cached_tokens - rec.cache_read_tokens
    else:
        assert cause.avoidable
    if cause in (Cause.BELOW_MINIMUM, Cause.BREAKPOINT_MISUSE):
        # The upstream cached nothing at all: the loss is what it could have cached.
        assert first.cache_write_5m_tokens == rec.cache_read_tokens == 0
        return
    # What the upstream read plus what the diagnosis says was lost is what the upstream had
    # cached from the first request (its whole prompt, in OpenAI's 128-token steps; its
    # writes at the breakpoints for Anthropic), up to the tokenizers' disagreement.
    lost = sum(b.lost_tokens for b in rec.breaks)
    assert abs(rec.cache_read_tokens + lost - _upstream_cached(first)) <= max(
        128, _upstream_cached(first) // 20
    )


def _upstream_cached(rec: RequestRecord) -> int:
    if rec.provider == "anthropic":
        return rec.cache_read_tokens + rec.cache_write_5m_tokens + rec.cache_write_1h_tokens
    total = rec.uncached_input_tokens + rec.cache_read_tokens
    return total - total % 128 if total >= 1024 else 0


def test_provider_keeping_the_prefix_past_the_ttl_is_not_a_loss(
    proxy: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenAI keeps prefixes 5 to 10 minutes; the policy counts 5. After 7 minutes the
    upstream (which keeps them 10) still reads the prefix: no ttl-expired, nothing lost."""
    clock = Clock(proxy, monkeypatch)
    send(proxy, "chat", chat(SYSTEM, USER1), False)
    clock.advance(420)
    send(proxy, "chat", chat(SYSTEM, USER1, "Checking.", "ok"), True)
    first, rec = sorted(proxy.records(), key=lambda r: r.ts)
    assert rec.parent_id == first.id and rec.cache_read_tokens > 2000
    assert [(b.cause, b.lost_tokens, b.lost_usd) for b in rec.breaks] == [("new-content", 0, "0")]
    clock.advance(3600)  # past any retention: now the upstream misses too, and it is a loss
    send(proxy, "chat", chat(SYSTEM, USER1, "Checking.", "ok", "Anything else?", "no"), False)
    last = sorted(proxy.records(), key=lambda r: r.ts)[-1]
    assert last.parent_id == rec.id and last.cache_read_tokens == 0
    assert [b.cause for b in last.breaks] == ["ttl-expired"]
    assert abs(last.breaks[0].lost_tokens - _upstream_cached(rec)) <= 128
