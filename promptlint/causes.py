"""Why a prefix broke: one vocabulary for static rules and live diagnosis.

`PL101` found by `promptlint check` in code is the same `PL101` the proxy reports
when that code runs. Causes without a code are only observable in traffic.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class CauseInfo:
    name: str
    code: str | None
    avoidable: bool
    summary: str
    advice: str  # what to do, in general; promptlint.diagnosis.advice names agent settings


class Cause(str, Enum):
    VOLATILE_TIMESTAMP = "volatile-timestamp"
    VOLATILE_ID = "volatile-id"
    VOLATILE_RANDOM = "volatile-random"
    DYNAMIC_BEFORE_STATIC = "dynamic-before-static"
    TOOL_ORDER = "tool-order"
    TOOL_CHANGE = "tool-change"
    SCHEMA_KEY_ORDER = "schema-key-order"
    SYSTEM_EDIT = "system-edit"
    ENVIRONMENT_CHANGE = "environment-change"
    HISTORY_REWRITE = "history-rewrite"
    BREAKPOINT_MISUSE = "breakpoint-misuse"
    BREAKPOINT_TTL_ORDER = "breakpoint-ttl-order"
    PARAM_CHANGE = "param-change"
    TTL_EXPIRED = "ttl-expired"
    BELOW_MINIMUM = "below-minimum"
    PROVIDER_MISS = "provider-miss"
    COMPACTION = "compaction"
    NEW_CONTENT = "new-content"

    @property
    def info(self) -> CauseInfo:
        return CAUSES[self]

    @property
    def code(self) -> str | None:
        return CAUSES[self].code

    @property
    def avoidable(self) -> bool:
        return CAUSES[self].avoidable

    @property
    def is_break(self) -> bool:
        """False for new-content: recorded to say where the new tokens start, not a break."""
        return self is not Cause.NEW_CONTENT


ADVICE: dict[Cause, str] = {
    Cause.VOLATILE_TIMESTAMP: "move the date or time after the cached part, or round it "
    "(a date changes once a day, a time every request)",
    Cause.VOLATILE_ID: "leave per-request ids out of the prompt, or put them after the cached part",
    Cause.VOLATILE_RANDOM: "fix the seed or the order, or put the random part after the "
    "cached part",
    Cause.DYNAMIC_BEFORE_STATIC: "put the static text first and the per-request text after it",
    Cause.TOOL_ORDER: "send the tools in a fixed order (sorted by name)",
    Cause.TOOL_CHANGE: "keep the tool list fixed for a session; add or remove tools at its start",
    Cause.SCHEMA_KEY_ORDER: "serialise JSON with sorted keys (json.dumps(..., sort_keys=True))",
    Cause.SYSTEM_EDIT: "keep the system prompt fixed for a session; put what changes in a "
    "later message",
    Cause.ENVIRONMENT_CHANGE: "put the block after the cached part (a later message), keep "
    "it stable, or accept a miss whenever it changes",
    Cause.HISTORY_REWRITE: "append to the history; do not edit, drop or re-render earlier "
    "messages (keep reasoning items where the API returns them)",
    Cause.BREAKPOINT_MISUSE: "at most 4 cache breakpoints, on the last block of each stable part",
    Cause.BREAKPOINT_TTL_ORDER: "put the breakpoints with the longer TTL first",
    Cause.PARAM_CHANGE: "pin the model (its full id, not an alias) and the variant for a "
    "session; switch at a session's start",
    Cause.TTL_EXPIRED: "send within the TTL, or ask for the longer TTL where the provider "
    "offers one (Anthropic: ttl 1h)",
    Cause.BELOW_MINIMUM: "nothing to fix: the provider caches only prompts past its minimum length",
    Cause.PROVIDER_MISS: "nothing to fix in the prompt: the provider did not read a prefix "
    "it should have (another replica, an eviction)",
    Cause.COMPACTION: "nothing to fix: a compaction starts a new prefix by design",
    Cause.NEW_CONTENT: "nothing to fix",
}

CAUSES: dict[Cause, CauseInfo] = {
    c: CauseInfo(c.value, code, avoidable, summary, ADVICE[c])
    for c, code, avoidable, summary in [
        (
            Cause.VOLATILE_TIMESTAMP,
            "PL101",
            True,
            "a clock value (time, date, relative time) changes the prefix on every request",
        ),
        (
            Cause.VOLATILE_ID,
            "PL102",
            True,
            "an id (UUID, request id, counter, pid, host) changes the prefix on every request",
        ),
        (
            Cause.VOLATILE_RANDOM,
            "PL103",
            True,
            "a random value changes the prefix on every request",
        ),
        (
            Cause.DYNAMIC_BEFORE_STATIC,
            "PL104",
            True,
            "per-request data placed before static text makes the static text uncacheable",
        ),
        (
            Cause.TOOL_ORDER,
            "PL201",
            True,
            "the same tools, enums or schema parts arrive in a different order",
        ),
        (
            Cause.TOOL_CHANGE,
            "PL203",
            True,
            "the tool list changed (added, removed or edited) between requests",
        ),
        (
            Cause.SCHEMA_KEY_ORDER,
            "PL202",
            True,
            "the same JSON object is serialised with its keys in a different order",
        ),
        (
            Cause.SYSTEM_EDIT,
            None,
            True,
            "the system prompt or instructions changed between requests",
        ),
        (
            Cause.ENVIRONMENT_CHANGE,
            None,
            True,
            "a block the agent writes from the machine's state changed (git status, working "
            "directory, directory listing, platform, current URL)",
        ),
        (
            Cause.HISTORY_REWRITE,
            "PL301",
            True,
            "earlier messages were edited, dropped, truncated or had reasoning stripped",
        ),
        (
            Cause.BREAKPOINT_MISUSE,
            "PL401",
            True,
            "cache breakpoints are too many or misplaced",
        ),
        (
            Cause.BREAKPOINT_TTL_ORDER,
            "PL402",
            True,
            "a breakpoint with a longer TTL follows one with a shorter TTL (longer first)",
        ),
        (
            Cause.PARAM_CHANGE,
            None,
            True,
            "a parameter that enters the cache key changed (model, tool_choice, thinking, images)",
        ),
        (
            Cause.TTL_EXPIRED,
            None,
            True,
            "the cached prefix expired before the next request (gap longer than the TTL)",
        ),
        (
            Cause.BELOW_MINIMUM,
            None,
            False,  # nothing broke: the prompt is too short to be cached at all
            "the prefix is shorter than the model's minimum cacheable length",
        ),
        (
            Cause.PROVIDER_MISS,
            None,
            False,
            "the prefix was intact and inside the TTL, yet the provider did not read it",
        ),
        (
            Cause.COMPACTION,
            None,
            False,
            "the agent replaced earlier turns with a summary (compaction): a new prefix by design",
        ),
        (Cause.NEW_CONTENT, None, False, "nothing broke: these tokens are new in this request"),
    ]
}
