"""Simulate a conversation's cache reads and writes under a provider's cache policy.

Turn k of a session sends the system prompt, every earlier turn (its input and its answer)
and the new input. Requests run one after another, `gap_seconds` apart (sessions back to
back). Each request's prompt is a list of blocks (system, then input/answer per turn), so
prefix matches, breakpoints and Anthropic's block lookback are computed on blocks:

- ``automatic-prefix`` (OpenAI and alike): every earlier prompt is cached in `granularity`
  steps once it reaches the minimum; a request reads the longest cached prefix it shares.
- ``breakpoint`` (Anthropic, Bedrock): one automatic breakpoint at the end of each request
  (top-level ``cache_control``), plus one after the system prompt if asked; an entry is
  written at each breakpoint at or above the minimum and read when a later request matches
  it whole, at or within the lookback of one of its own breakpoints (`CachePolicy.reachable`,
  the rule the live diagnosis applies too). Everything not read is
  written at the chosen TTL's price.
- ``prefix-units`` (DeepSeek): units at the end of each request's input and of its answer.

An entry lives while the time since its last use is below the TTL (reads refresh it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from promptlint.cost.policies import AUTOMATIC_PREFIX, PREFIX_UNITS, CachePolicy
from promptlint.cost.prices import MILLION, ModelPrice, cost_of, cost_without_cache
from promptlint.cost.workload import Workload
from promptlint.wire.usage import Usage

LONG_TTLS = ("1h", "12h")
Block = tuple[str, int]  # (identity, tokens): equal identities hold identical tokens


@dataclass(frozen=True)
class TurnResult:
    session: int
    turn: int
    at_seconds: float
    usage: Usage
    cost_usd: Decimal
    cost_usd_without_cache: Decimal


@dataclass(frozen=True)
class ExplicitCache:
    """What an explicit cache of the system prompt (Gemini `cachedContents`) adds."""

    tokens: int
    ttl_seconds: int
    creations: int
    creation_cost_usd: Decimal  # creating bills the cached tokens at the input price
    storage_token_hours: Decimal
    storage_cost_usd: Decimal


@dataclass
class Simulation:
    model: str
    provider: str
    style: str
    ttl: str
    turns: list[TurnResult]
    total: Usage
    cost_usd: Decimal
    cost_usd_without_cache: Decimal
    single_request_cost_usd: Decimal
    assumptions: list[str] = field(default_factory=list)
    explicit_cache: ExplicitCache | None = None

    @property
    def saving_usd(self) -> Decimal:
        return self.cost_usd_without_cache - self.cost_usd

    def multiple(self, cached: bool) -> Decimal:
        """One session's cost over one single-turn request (system + input + answer, uncached)."""
        if self.single_request_cost_usd == 0:
            return Decimal(0)
        sessions = max(t.session for t in self.turns)
        cost = self.cost_usd if cached else self.cost_usd_without_cache
        return cost / sessions / self.single_request_cost_usd


@dataclass
class _Entry:
    path: list[int]  # prefix-trie nodes of the prompt that wrote it, one per block
    node: int  # the node the entry ends at (a breakpoint or unit end)
    length: int  # tokens cached (automatic-prefix: the cacheable part of `path`)
    last_used: float


class Simulator:
    """Replays requests against one cache. Prompts are paths in a trie of blocks, so
    "does this entry lie wholly inside the new prompt" is one set lookup."""

    def __init__(
        self,
        policy: CachePolicy,
        price: ModelPrice,
        write_ttl: str | None = None,
        system_breakpoint: bool = False,
    ) -> None:
        self.policy = policy
        self.price = price
        # An explicit breakpoint after the first block (the system prompt), as cache_control on
        # the system block does.
        self.system_breakpoint = system_breakpoint
        # Writes pay the long-lifetime price (Anthropic 1 h, OpenAI 12 h) only for those TTLs.
        self.write_1h = (write_ttl or policy.ttl_name) in LONG_TTLS
        self.entries: dict[tuple[int, int], _Entry] = {}
        self._trie: dict[tuple[int, Block], int] = {}
        self._depth: list[int] = [0]  # tokens from the root to each node

    def _path(self, blocks: Sequence[Block]) -> list[int]:
        return self._path_from(0, blocks)

    def _common(self, entry: _Entry, on_path: Mapping[int, int]) -> int:
        """Tokens `entry`'s prompt shares with the new prompt (its nodes on the new path)."""
        if entry.node in on_path:
            return self._depth[entry.node]
        lo, hi = 0, len(entry.path)  # entry.path[:lo] all shared; find the first that is not
        while lo < hi:
            mid = (lo + hi) // 2
            if entry.path[mid] in on_path:
                lo = mid + 1
            else:
                hi = mid
        return self._depth[entry.path[lo - 1]] if lo else 0

    def request(self, blocks: Sequence[Block], output: Block, now: float) -> Usage:
        pol = self.policy
        prompt = tuple(blocks)
        path = self._path(prompt)
        on_path = {node: i for i, node in enumerate(path)}
        total = self._depth[path[-1]] if path else 0
        self.entries = {k: e for k, e in self.entries.items() if pol.alive(now - e.last_used)}
        breakpoints = self._breakpoints(path)
        read, used = 0, None
        for entry in self.entries.values():
            if pol.style == AUTOMATIC_PREFIX:
                got = pol.cacheable(min(self._common(entry, on_path), entry.length, total))
            elif entry.node in on_path and pol.reachable(on_path[entry.node], breakpoints):
                got = entry.length
            else:
                got = 0
            if got > read:
                read, used = got, entry
        if used is not None:
            used.last_used = now

        write = 0
        if pol.reads_at_breakpoints:
            ends = [self._depth[path[i]] for i in breakpoints]
            cached_to = max((b for b in ends if b >= pol.min_cacheable_tokens), default=0)
            write = max(0, cached_to - read)
        elif pol.writes_billed and pol.cacheable(total) > 0:
            write = max(0, pol.cacheable(total) - read)
        uncached = total - read - write

        self._write(path, breakpoints, output, now)
        return Usage(
            uncached_input_tokens=uncached,
            cache_read_tokens=read,
            cache_write_5m_tokens=0 if self.write_1h else write,
            cache_write_1h_tokens=write if self.write_1h else 0,
            output_tokens=output[1],
        )

    def _breakpoints(self, path: list[int]) -> list[int]:
        """Block indices of this request's breakpoints (unit ends for the other styles)."""
        if not path:
            return []
        points = {len(path) - 1}
        if self.policy.reads_at_breakpoints and self.system_breakpoint:
            points.add(0)
        return sorted(points)

    def _write(self, path: list[int], breakpoints: list[int], output: Block, now: float) -> None:
        pol = self.policy
        if not path:
            return
        if pol.style == AUTOMATIC_PREFIX:
            n = pol.cacheable(self._depth[path[-1]])
            if n:
                # The new prompt contains every earlier prompt it extends: those are dropped.
                on_path = set(path)
                self.entries = {k: e for k, e in self.entries.items() if e.path[-1] not in on_path}
                self.entries[(path[-1], n)] = _Entry(list(path), path[-1], n, now)
            return
        minimum = max(pol.min_cacheable_tokens, 1)
        for i in breakpoints:
            if self._depth[path[i]] >= minimum:
                self._store(path[: i + 1], now)
        if pol.style == PREFIX_UNITS and pol.caches_output and output[1] > 0:
            self._store(path + self._path_from(path[-1], [output]), now)

    def _path_from(self, node: int, blocks: Sequence[Block]) -> list[int]:
        out = []
        for block in blocks:
            child = self._trie.get((node, block))
            if child is None:
                child = len(self._depth)
                self._trie[(node, block)] = child
                self._depth.append(self._depth[node] + block[1])
            out.append(child)
            node = child
        return out

    def _store(self, path: list[int], now: float) -> None:
        node = path[-1]
        key = (node, self._depth[node])
        entry = self.entries.get(key)
        if entry is not None:
            entry.last_used = now  # writing the same prefix again refreshes it
        else:
            self.entries[key] = _Entry(path, node, self._depth[node], now)


def simulate(
    workload: Workload, policy: CachePolicy, price: ModelPrice, ttl: str | None = None
) -> Simulation:
    """Run `workload` through `policy` at `price`; `ttl` picks the policy's TTL option."""
    policy = policy.with_ttl(ttl)
    sim = Simulator(
        policy, price, write_ttl=policy.ttl_name, system_breakpoint=workload.system_breakpoint
    )
    w = workload
    results: list[TurnResult] = []
    total = Usage()
    index = 0
    for s in range(1, w.sessions + 1):
        system: Block = ("sys" if w.shared_system else f"sys:{s}", w.system_tokens)
        history: list[Block] = [system] if w.system_tokens else []
        for k in range(1, w.turns + 1):
            now = index * w.gap_seconds
            new_input: Block = (f"in:{s}:{k}", w.turn_tokens)
            answer: Block = (f"out:{s}:{k}", w.output_tokens)
            usage = sim.request([*history, new_input], answer, now)
            results.append(
                TurnResult(
                    s, k, now, usage, cost_of(usage, price), cost_without_cache(usage, price)
                )
            )
            total = total + usage
            history += [new_input, answer]
            index += 1
    single = Usage(
        uncached_input_tokens=w.system_tokens + w.turn_tokens, output_tokens=w.output_tokens
    )
    return Simulation(
        model=price.name,
        provider=policy.provider,
        style=policy.style,
        ttl=policy.ttl_name,
        turns=results,
        total=total,
        cost_usd=sum((t.cost_usd for t in results), Decimal(0)),
        cost_usd_without_cache=sum((t.cost_usd_without_cache for t in results), Decimal(0)),
        single_request_cost_usd=cost_without_cache(single, price),
        assumptions=_assumptions(workload, policy, price),
    )


def simulate_explicit(
    workload: Workload,
    policy: CachePolicy,
    price: ModelPrice,
    ttl_seconds: int,
    storage_usd_per_mtok_hour: Decimal,
) -> Simulation:
    """The system prompt in an explicit cache (Gemini `cachedContents`), the rest uncached.

    A cache is created at the first request that needs it (one for all sessions when they
    share the system prompt) and re-created when a request finds it expired (TTL from
    creation). Each creation bills the cached tokens at the input price and storage for the
    whole TTL; each request reads the cached tokens at the cache-read price.
    """
    w = workload
    if ttl_seconds <= 0:
        raise ValueError("explicit cache TTL must be positive")
    if w.system_tokens < max(policy.min_cacheable_tokens, 1):
        raise ValueError(
            f"an explicit cache needs at least {policy.min_cacheable_tokens} tokens; "
            f"the system prompt has {w.system_tokens}"
        )
    created_at: dict[str, float] = {}
    creations = 0
    results: list[TurnResult] = []
    total = Usage()
    index = 0
    for s in range(1, w.sessions + 1):
        key = "sys" if w.shared_system else f"sys:{s}"
        history = 0
        for k in range(1, w.turns + 1):
            now = index * w.gap_seconds
            if key not in created_at or now - created_at[key] >= ttl_seconds:
                created_at[key] = now
                creations += 1
            prompt = w.system_tokens + history + w.turn_tokens
            usage = Usage(
                uncached_input_tokens=prompt - w.system_tokens,
                cache_read_tokens=w.system_tokens,
                output_tokens=w.output_tokens,
            )
            results.append(
                TurnResult(
                    s, k, now, usage, cost_of(usage, price), cost_without_cache(usage, price)
                )
            )
            total = total + usage
            history += w.turn_tokens + w.output_tokens
            index += 1
    token_seconds = creations * w.system_tokens * ttl_seconds
    # One division at the end keeps the amount exact whenever it terminates.
    explicit = ExplicitCache(
        tokens=w.system_tokens,
        ttl_seconds=ttl_seconds,
        creations=creations,
        creation_cost_usd=creations * w.system_tokens * price.input / MILLION,
        storage_token_hours=(Decimal(token_seconds) / 3600).quantize(Decimal("0.001")),
        storage_cost_usd=token_seconds * storage_usd_per_mtok_hour / (3600 * MILLION),
    )
    single = Usage(
        uncached_input_tokens=w.system_tokens + w.turn_tokens, output_tokens=w.output_tokens
    )
    assumptions = [
        f"requests run one after another, {w.gap_seconds:g} s apart; sessions back to back",
        f"explicit cache of the {w.system_tokens}-token system prompt, TTL {ttl_seconds} s from "
        "creation, re-created when expired; storage billed for the whole TTL",
        "no implicit caching of the conversation after the explicit cache is assumed",
        f"storage {storage_usd_per_mtok_hour} USD per million tokens per hour",
        f"prices: {price.name} from {price.source} (snapshot {price.date})",
    ]
    per_turn = sum((t.cost_usd for t in results), Decimal(0))
    return Simulation(
        model=price.name,
        provider=policy.provider,
        style="explicit-cache",
        ttl=f"{ttl_seconds}s",
        turns=results,
        total=total,
        cost_usd=per_turn + explicit.creation_cost_usd + explicit.storage_cost_usd,
        cost_usd_without_cache=sum((t.cost_usd_without_cache for t in results), Decimal(0)),
        single_request_cost_usd=cost_without_cache(single, price),
        assumptions=assumptions,
        explicit_cache=explicit,
    )


def parse_duration(text: str) -> int:
    """Seconds in "90s", "30m", "1h", "2.5h" or a bare number of seconds."""
    import re

    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh]?)\s*", text)
    if m is None:
        raise ValueError(f"not a duration: {text!r} (use e.g. 300s, 30m, 1h)")
    factor = {"": 1, "s": 1, "m": 60, "h": 3600}[m[2]]
    seconds = Decimal(m[1]) * factor
    if seconds <= 0 or seconds != seconds.to_integral_value():
        raise ValueError(f"duration must be a positive whole number of seconds: {text!r}")
    return int(seconds)


def _assumptions(w: Workload, policy: CachePolicy, price: ModelPrice) -> list[str]:
    out = [
        f"requests run one after another, {w.gap_seconds:g} s apart; sessions back to back",
        "every turn's input and answer are re-sent unchanged (no edits, no compaction)",
        f"{policy.provider} policy '{policy.style}': minimum {policy.min_cacheable_tokens} "
        f"tokens, granularity {policy.granularity}, TTL {policy.ttl_name}"
        + ("" if policy.ttl_seconds is None else f" ({policy.ttl_seconds} s)"),
    ]
    if policy.reads_at_breakpoints:
        where = "after the system prompt and " if w.system_breakpoint else ""
        out.append(f"cache breakpoints {where}at the end of each request (top-level cache_control)")
    if policy.ttl_seconds is None:
        out.append(f"{policy.provider} does not document a TTL here: entries are taken as alive")
    if policy.provider == "gemini":
        out.append("Gemini implicit caching (no storage charge; explicit caches add storage)")
    if policy.listed_prices_are:
        out.append(
            f"{policy.provider} prices vary by time of day; listed prices are "
            f"{policy.listed_prices_are} prices"
        )
    out.extend(policy.assumptions)
    out.append(f"prices: {price.name} from {price.source} (snapshot {price.date})")
    return out
