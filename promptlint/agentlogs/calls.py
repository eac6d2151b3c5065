"""A model call as an agent logs it, and the cache breaks its log lets us infer.

The proxy sees every byte of both requests and names the segment that changed. A log holds
less: each call's usage, its time and model, the agent's markers (compaction), and — in
Claude Code since it logs request shapes — digests of the system prompt, the tools and the
cache-key parameters. So a break here is found where a call read less from the cache than
the call before it left there (the policy's prediction for an unchanged prefix), and its
cause is the first of these the log shows: a compaction or rewind, a model switch, a gap
past the TTL, a changed system prompt, tool list or parameter. Where the log shows none,
the cause is unknown (`provider-miss`, inferred): `exact` is False and `note` says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from promptlint.causes import Cause
from promptlint.cost import catalog
from promptlint.cost.money import money
from promptlint.cost.policies import CachePolicy
from promptlint.cost.prices import ModelPrice, cost_of, cost_without_cache, lost_cost
from promptlint.store.records import BreakRecord, RequestRecord
from promptlint.store.timefmt import parse_ts
from promptlint.wire.usage import Usage


@dataclass(frozen=True)
class Shape:
    """What the log says the request's prefix was made of (digests, not text)."""

    system: str
    tools: tuple[str, ...]  # tool names in the order sent
    tools_digest: str
    params: str  # digest of the cache-key parameters (betas, thinking, …)
    params_text: str  # the same, readable, for the break's before / after

    def to_json(self) -> list[object]:
        return [self.system, list(self.tools), self.tools_digest, self.params, self.params_text]

    @classmethod
    def from_json(cls, d: object) -> Shape | None:
        if not isinstance(d, list) or len(d) != 5:
            return None
        return cls(str(d[0]), tuple(str(t) for t in d[1]), str(d[2]), str(d[3]), str(d[4]))


@dataclass
class LoggedCall:
    id: str  # stable across imports: the store's record id
    source: str  # claude-code | codex
    session_id: str  # the lineage: a session, or a sub-agent's sidechain of one
    ts: str
    model: str
    usage: Usage
    api: str
    provider: str
    project: str = ""
    latency_ms: float = 0.0
    shape: Shape | None = None
    compacted: bool = False  # the agent compacted the conversation just before this call
    rewound: bool = False  # the agent cut the conversation back (a rewind) before this call


@dataclass(frozen=True)
class Inferred:
    """A break as the log shows it; `exact` False where its cause is a guess (`note`)."""

    cause: Cause
    segment: str
    before: str | None = None
    after: str | None = None
    exact: bool = True
    note: str | None = None


@dataclass
class CacheEntry:
    """The last call of one model in a lineage: what its cache holds for the next call."""

    ts: str
    prompt_tokens: int
    wrote_1h: bool
    shape: Shape | None = None

    def to_json(self) -> list[object]:
        shape = None if self.shape is None else self.shape.to_json()
        return [self.ts, self.prompt_tokens, self.wrote_1h, shape]

    @classmethod
    def from_json(cls, d: list[object]) -> CacheEntry:
        ts, tokens, wrote_1h, shape = d
        return cls(str(ts), int(str(tokens)), bool(wrote_1h), Shape.from_json(shape))


@dataclass
class LineageState:
    """What the next call of a lineage is compared with: its predecessor (the parent), and
    per model the last call's cache entry — providers cache per model, so a return to a
    model whose entry is still alive reads it again."""

    request_id: str
    ts: str
    model: str
    entries: dict[str, CacheEntry] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {
            "request_id": self.request_id,
            "ts": self.ts,
            "model": self.model,
            "entries": {m: e.to_json() for m, e in self.entries.items()},
        }

    @classmethod
    def from_json(cls, d: dict[str, object]) -> LineageState:
        entries = d.get("entries")
        return cls(
            request_id=str(d["request_id"]),
            ts=str(d["ts"]),
            model=str(d["model"]),
            entries={
                str(m): CacheEntry.from_json(e)
                for m, e in (entries.items() if isinstance(entries, dict) else [])
            },
        )


@dataclass
class Pricing:
    """Prices and policies from the catalog (which resolves each distinct name once, hits
    and misses alike), and the calls of each model the price list lacks."""

    unpriced: dict[str, int] = field(default_factory=dict)  # model -> calls without a price

    def price(self, model: str) -> ModelPrice | None:
        return catalog.resolve(model).price

    def policy(self, model: str, provider: str) -> CachePolicy:
        return catalog.resolve(model, provider).policy


def _gap(earlier: str, later: str) -> float:
    return (parse_ts(later) - parse_ts(earlier)).total_seconds()


def _minutes(seconds: float) -> str:
    m, s = divmod(round(seconds), 60)
    return f"{m} min {s} s" if m else f"{s} s"


def infer_breaks(
    prev: LineageState | None, call: LoggedCall, policy: CachePolicy
) -> tuple[int | None, list[Inferred]]:
    """(predicted read, the breaks the log shows before `call`).

    The prediction is what an unchanged prefix would have read: the policy applied to the
    whole prompt of the last call of this model in the lineage (agents place their last
    breakpoint at the end of the prompt), or of the previous call when the model is new
    here — then the switch itself is the break.
    """
    if prev is None:
        return None, []
    entry = prev.entries.get(call.model)
    switched = entry is None
    if entry is None:
        entry = prev.entries[prev.model]
    ttl_policy = policy.with_ttl("1h") if entry.wrote_1h and "1h" in policy.ttl_options else policy
    unchanged = ttl_policy.predict_read(entry.prompt_tokens, call.usage.input_tokens, None)
    shortfall = unchanged - call.usage.cache_read_tokens
    if shortfall < max(policy.granularity, 1):
        return unchanged, []
    gap = _gap(entry.ts, call.ts)
    found: list[Inferred] = []
    if call.compacted:
        found.append(Inferred(Cause.COMPACTION, "messages", after="conversation compacted"))
    elif call.rewound:
        found.append(Inferred(Cause.HISTORY_REWRITE, "messages", after="conversation rewound"))
    elif switched:
        found.append(Inferred(Cause.PARAM_CHANGE, "model", prev.model, call.model))
    elif not ttl_policy.alive(gap):
        found.append(
            Inferred(
                Cause.TTL_EXPIRED,
                "prompt",
                f"last {call.model} call at {entry.ts}",
                f"{_minutes(gap)} later; TTL {ttl_policy.ttl_name}",
            )
        )
    elif entry.shape is not None and call.shape is not None and entry.shape != call.shape:
        found.extend(_shape_changes(entry.shape, call.shape))
    if not found:
        note = (
            "the log shows no change before this call (same model, inside the TTL"
            + (", same system prompt, tools and parameters" if call.shape is not None else "")
            + "): the provider did not read the cache, or something the log does not record"
            " changed"
        )
        found.append(Inferred(Cause.PROVIDER_MISS, "prompt", exact=False, note=note))
    return unchanged, found


def _shape_changes(a: Shape, b: Shape) -> list[Inferred]:
    out: list[Inferred] = []
    if a.tools_digest != b.tools_digest:
        if sorted(a.tools) == sorted(b.tools) and a.tools != b.tools:
            out.append(Inferred(Cause.TOOL_ORDER, "tools", ", ".join(a.tools), ", ".join(b.tools)))
        else:
            added = [t for t in b.tools if t not in a.tools]
            removed = [t for t in a.tools if t not in b.tools]
            what = "; ".join(
                part
                for part in (
                    f"added {', '.join(added)}" if added else "",
                    f"removed {', '.join(removed)}" if removed else "",
                    "definitions edited" if not added and not removed else "",
                )
                if part
            )
            out.append(Inferred(Cause.TOOL_CHANGE, "tools", after=what))
    if a.system != b.system:
        out.append(Inferred(Cause.SYSTEM_EDIT, "system", after="system prompt changed"))
    if a.params != b.params:
        out.append(Inferred(Cause.PARAM_CHANGE, "params", a.params_text, b.params_text))
    return out


def to_record(
    call: LoggedCall, prev: LineageState | None, pricing: Pricing
) -> tuple[RequestRecord, LineageState]:
    """The store's record of `call` (with its inferred breaks) and the lineage's new state."""
    price = pricing.price(call.model)
    if price is None:
        pricing.unpriced[call.model] = pricing.unpriced.get(call.model, 0) + 1
    policy = pricing.policy(call.model, call.provider)
    predicted, found = infer_breaks(prev, call, policy)
    lost_total = 0 if predicted is None else max(0, predicted - call.usage.cache_read_tokens)
    offset = call.usage.cache_read_tokens
    breaks = []
    for i, b in enumerate(found):
        # One loss per call: charged to the first cause, the others named beside it.
        lost = lost_total if i == 0 else 0
        usd = Decimal(0) if price is None or lost <= 0 else lost_cost(lost, price)
        breaks.append(
            BreakRecord(
                cause=b.cause.value,
                code=b.cause.code,
                segment=b.segment,
                token_offset=offset,
                lost_tokens=lost,
                lost_usd=money(usd),
                before=b.before,
                after=b.after,
                exact=b.exact,
                note=b.note,
            )
        )
    cost = Decimal(0) if price is None else cost_of(call.usage, price)
    without = Decimal(0) if price is None else cost_without_cache(call.usage, price)
    record = RequestRecord(
        id=call.id,
        ts=call.ts,
        api=call.api,
        provider=call.provider,
        model=call.model,
        key_hash="",
        session_id=call.session_id,
        parent_id=None if prev is None else prev.request_id,
        status=200,
        streamed=True,
        latency_ms=call.latency_ms,
        uncached_input_tokens=call.usage.uncached_input_tokens,
        cache_read_tokens=call.usage.cache_read_tokens,
        cache_write_5m_tokens=call.usage.cache_write_5m_tokens,
        cache_write_1h_tokens=call.usage.cache_write_1h_tokens,
        output_tokens=call.usage.output_tokens,
        predicted_cached_tokens=predicted,
        prompt_tokens_exact=True,
        cost_usd=money(cost),
        cost_usd_without_cache=money(without),
        parsed=True,
        breaks=breaks,
        source=call.source,
        project=call.project,
    )
    entries = {} if prev is None else dict(prev.entries)
    entries[call.model] = CacheEntry(
        ts=call.ts,
        prompt_tokens=call.usage.input_tokens,
        wrote_1h=call.usage.cache_write_1h_tokens > 0,
        shape=call.shape,
    )
    state = LineageState(request_id=call.id, ts=call.ts, model=call.model, entries=entries)
    return record, state


def is_after(ts: str, since: datetime | None) -> bool:
    return since is None or parse_ts(ts) >= since
