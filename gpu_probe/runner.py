"""Running workloads against the engine and predicting them with the block-pool simulator."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from promptlint.kv.blockpool import BlockPool

from .client import EngineClient, Response
from .metrics import CacheConfig, Counters, counters
from .workloads import ProbeRequest, Workload


@dataclass
class Measured:
    request: ProbeRequest
    prompt_ids: list[int]
    response: Response
    queries: int | None = None  # Δ vllm:prefix_cache_queries_total (sequential runs only)
    hits: int | None = None  # Δ vllm:prefix_cache_hits_total (sequential runs only)
    preemptions: int | None = None
    predicted_hits: int | None = None
    predicted_evictions: int | None = None  # cached blocks the simulator evicted to admit it

    @property
    def measured_hits(self) -> int | None:
        """The engine's hit count: the metric delta, else the response's cached_tokens."""
        return self.hits if self.hits is not None else self.response.cached_tokens

    def mismatch(self) -> list[str]:
        """Why this request's prediction differs from the engine (empty: it matches)."""
        why = []
        if self.queries is not None and self.queries != len(self.prompt_ids):
            why.append(f"queries {self.queries} != prompt {len(self.prompt_ids)}")
        if self.response.prompt_tokens != len(self.prompt_ids):
            why.append(
                f"usage.prompt_tokens {self.response.prompt_tokens} != {len(self.prompt_ids)}"
            )
        if self.hits is not None and self.hits != self.predicted_hits:
            why.append(f"metric hits {self.hits} != predicted {self.predicted_hits}")
        cached = self.response.cached_tokens
        if cached is not None and cached != self.predicted_hits:
            why.append(f"cached_tokens {cached} != predicted {self.predicted_hits}")
        return why


async def prompt_ids(client: EngineClient, request: ProbeRequest) -> list[int]:
    if request.prompt is not None:
        return request.prompt
    assert request.messages is not None
    return await client.tokenize_chat(request.messages)


async def _settled(client: EngineClient, before: Counters, queries: int) -> Counters:
    """Counters once the engine has recorded the request's admission (they lag the response)."""
    now = counters(await client.metrics())
    for _ in range(40):
        if (now - before).queries >= queries:
            break
        await asyncio.sleep(0.05)
        now = counters(await client.metrics())
    return now


async def run_sequential(
    client: EngineClient, workload: Workload, salt: str | None = None
) -> list[Measured]:
    """One request at a time, the metrics scraped around each: per-request queries and hits."""
    results: list[Measured] = []
    before = counters(await client.metrics())
    for request in workload.requests:
        ids = await prompt_ids(client, request)
        response = await client.complete(
            request.prompt, request.messages, request.max_tokens, cache_salt=salt
        )
        after = await _settled(client, before, len(ids))
        delta = after - before
        results.append(
            Measured(
                request,
                ids,
                response,
                queries=int(delta.queries),
                hits=int(delta.hits),
                preemptions=int(delta.preemptions),
            )
        )
        before = after
    return results


@dataclass
class ConcurrentRun:
    concurrency: int
    results: list[Measured]  # in arrival order
    totals: Counters  # metric deltas over the whole run
    wall_seconds: float
    ids: dict[str, list[int]]
    peaks: dict[str, float] = field(default_factory=dict)  # max of the gauges while running


async def run_concurrent(
    client: EngineClient, workload: Workload, concurrency: int, salt: str | None = None
) -> ConcurrentRun:
    """Sessions run side by side, `concurrency` at a time; a session's turns stay in order."""
    sessions = deque(workload.sessions())
    results: list[Measured] = []
    ids_of = {r.id: await prompt_ids(client, r) for r in workload.requests}

    async def worker() -> None:
        while sessions:
            session = sessions.popleft()
            for request in session:
                response = await client.complete(
                    request.prompt, request.messages, request.max_tokens, cache_salt=salt
                )
                results.append(Measured(request, ids_of[request.id], response))

    peaks = {"kv_usage": 0.0, "running": 0.0, "waiting": 0.0}
    stop = asyncio.Event()

    async def sampler() -> None:  # the gauges only mean something while requests run
        while not stop.is_set():
            now = counters(await client.metrics())
            peaks["kv_usage"] = max(peaks["kv_usage"], now.kv_usage)
            peaks["running"] = max(peaks["running"], now.requests_running)
            peaks["waiting"] = max(peaks["waiting"], now.requests_waiting)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.05)

    before = counters(await client.metrics())
    loop = asyncio.get_running_loop()
    start = loop.time()
    sampling = asyncio.create_task(sampler())
    try:
        await asyncio.gather(*(worker() for _ in range(max(1, concurrency))))
    finally:
        stop.set()
        await sampling
    wall = loop.time() - start
    expected = sum(len(ids) for ids in ids_of.values())
    after = await _settled(client, before, expected)
    results.sort(key=lambda m: m.response.sent_at)
    return ConcurrentRun(concurrency, results, after - before, wall, ids_of, peaks)


# -- predictions -------------------------------------------------------------------------------


def new_pool(cache: CacheConfig) -> BlockPool:
    return BlockPool(cache.num_gpu_blocks, cache.block_size)


def predict_in_order(cache: CacheConfig, results: Sequence[Measured]) -> int:
    """Feed the simulator one request after another, in the given (arrival) order.

    Sets each result's `predicted_hits`; returns the total.
    """
    pool = new_pool(cache)
    for m in results:
        admission = pool.run(m.request.id, m.prompt_ids, m.response.completion_tokens)
        m.predicted_hits = admission.hit_tokens
        m.predicted_evictions = admission.evicted_blocks
    return sum(m.predicted_hits or 0 for m in results)


def predict_timed(cache: CacheConfig, results: Sequence[Measured]) -> int:
    """Replay with the measured lifetimes: admit at send time, free at completion.

    Requests that overlap hold their blocks, as in the engine, so they are not evicted and
    other blocks go instead; a request that does not fit waits for a completion. Decode
    blocks are allocated at completion (the engine fills them step by step).
    """
    pool = new_pool(cache)
    events: list[tuple[float, int, int]] = []
    for i, m in enumerate(results):
        events.append((m.response.sent_at, 1, i))
        events.append((m.response.done_at, 0, i))
    events.sort()
    waiting: deque[int] = deque()
    admitted: set[int] = set()
    done_early: set[int] = set()
    hits: dict[int, int] = {}

    def finish(i: int) -> None:
        pool.decode(results[i].request.id, max(0, results[i].response.completion_tokens - 1))
        pool.finish(results[i].request.id)

    for _, kind, i in events:
        if kind == 1:
            waiting.append(i)
        elif i in admitted:
            finish(i)
        else:
            done_early.add(i)
        while waiting:
            j = waiting[0]
            admission = pool.admit(results[j].request.id, results[j].prompt_ids)
            if admission is None:
                break
            waiting.popleft()
            admitted.add(j)
            hits[j] = admission.hit_tokens
            if j in done_early:
                finish(j)
    return sum(hits.values())


@dataclass
class Level:
    """One concurrency level of the sweep."""

    concurrency: int
    requests: int
    prompt_tokens: int
    measured_hits: int
    predicted_hits: int  # the simulator fed the measured arrival order
    predicted_hits_planned: int  # the simulator fed the planned schedule (before running)
    ttft_p50: float | None
    ttft_p99: float | None
    preemptions: int
    wall_seconds: float
    extra: dict[str, float] = field(default_factory=dict)

    @property
    def hit_rate(self) -> float:
        return self.measured_hits / self.prompt_tokens if self.prompt_tokens else 0.0

    @property
    def predicted_hit_rate(self) -> float:
        return self.predicted_hits_planned / self.prompt_tokens if self.prompt_tokens else 0.0


def planned_order(workload: Workload, concurrency: int) -> list[ProbeRequest]:
    """The arrival order `run_concurrent` aims at: `concurrency` sessions advancing in turn."""
    pending = deque(deque(s) for s in workload.sessions())
    active: list[deque[ProbeRequest]] = []
    order: list[ProbeRequest] = []
    while pending or active:
        while pending and len(active) < concurrency:
            active.append(pending.popleft())
        for session in list(active):
            order.append(session.popleft())
            if not session:
                active.remove(session)
    return order


def predict_planned(
    cache: CacheConfig, workload: Workload, concurrency: int, ids: dict[str, list[int]]
) -> int:
    """The simulator fed the planned schedule: a prediction made before the run."""
    pool = new_pool(cache)
    total = 0
    for request in planned_order(workload, concurrency):
        total += pool.run(request.id, ids[request.id], request.max_tokens).hit_tokens
    return total


def percentile(values: Sequence[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def cliff(levels: Sequence[Level], rates: Sequence[float], min_drop: float = 0.05) -> int | None:
    """The level where the hit rate falls most from the level before (None: no fall ≥ min_drop).

    A steepest-fall rule, not a threshold: a threshold marks a gradual decline at whichever
    level happens to cross it, so two close curves could be marked levels apart.
    """
    best: int | None = None
    steepest = min_drop
    for i in range(1, min(len(levels), len(rates))):
        fall = rates[i - 1] - rates[i]
        if fall >= steepest:
            best, steepest = levels[i].concurrency, fall
    return best
