"""Running workloads against the engine and predicting them with the block-pool simulator."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field, replace

from promptlint.errors import UserError
from promptlint.kv.blockpool import BlockPool
from promptlint.serving.engine import EngineSim, Limits, StepTimes
from promptlint.serving.fleet import (
    Delays,
    Fleet,
    LeastLoaded,
    Session,
    Turn,
    lockstep_rounds,
    replay_sessions,
)

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
    arrival: str = "rounds"


@contextlib.asynccontextmanager
async def _gauge_peaks(client: EngineClient) -> AsyncIterator[dict[str, float]]:
    """The gauges' maxima while the block runs (they only mean something while requests run)."""
    peaks = {"kv_usage": 0.0, "running": 0.0, "waiting": 0.0}
    stop = asyncio.Event()

    async def sampler() -> None:
        while not stop.is_set():
            now = counters(await client.metrics())
            peaks["kv_usage"] = max(peaks["kv_usage"], now.kv_usage)
            peaks["running"] = max(peaks["running"], now.requests_running)
            peaks["waiting"] = max(peaks["waiting"], now.requests_waiting)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.05)

    sampling = asyncio.create_task(sampler())
    try:
        yield peaks
    finally:
        stop.set()
        await sampling


async def run_concurrent(
    client: EngineClient,
    workload: Workload,
    concurrency: int,
    salt: str | None = None,
    arrival: str = "rounds",
) -> ConcurrentRun:
    """Sessions side by side, `concurrency` at a time; a session's turns stay in order.

    `rounds`: lockstep rounds (`run_rounds`), whose hits follow from the engine's scheduler;
    `closed-loop`: each session sends its next turn when its answer is in, so which requests
    overlap depends on the client's and the server's timing.
    """
    ids_of = {r.id: await prompt_ids(client, r) for r in workload.requests}
    before = counters(await client.metrics())
    loop = asyncio.get_running_loop()
    start = loop.time()
    async with _gauge_peaks(client) as peaks:
        if arrival == "rounds":
            sent = await run_rounds([client], workload, concurrency, ids_of, salt)
            results = [m for _, m in sent]
        else:
            results = await _closed_loop(client, workload, concurrency, ids_of, salt)
    wall = loop.time() - start
    expected = sum(len(ids) for ids in ids_of.values())
    after = await _settled(client, before, expected)
    results.sort(key=lambda m: m.response.sent_at)
    return ConcurrentRun(concurrency, results, after - before, wall, ids_of, peaks, arrival)


async def _closed_loop(
    client: EngineClient,
    workload: Workload,
    concurrency: int,
    ids_of: dict[str, list[int]],
    salt: str | None,
) -> list[Measured]:
    sessions = deque(workload.sessions())
    results: list[Measured] = []

    async def worker() -> None:
        while sessions:
            session = sessions.popleft()
            for request in session:
                response = await client.complete(
                    request.prompt, request.messages, request.max_tokens, cache_salt=salt
                )
                results.append(Measured(request, ids_of[request.id], response))

    await asyncio.gather(*(worker() for _ in range(max(1, concurrency))))
    return results


def request_rounds(workload: Workload, concurrency: int) -> list[list[ProbeRequest]]:
    """The workload's lockstep rounds (`promptlint.serving.fleet.lockstep_rounds`)."""
    by_id = {r.id: r for r in workload.requests}
    sessions = [Session(s[0].session, [Turn(r.id, []) for r in s]) for s in workload.sessions()]
    return [[by_id[t.id] for _, t in turns] for turns in lockstep_rounds(sessions, concurrency)]


async def run_rounds(
    clients: Sequence[EngineClient],
    workload: Workload,
    concurrency: int,
    ids: dict[str, list[int]],
    salt: str | None = None,
    route: Callable[[ProbeRequest, list[int]], int] | None = None,
    answered: Callable[[list[tuple[int, ProbeRequest]]], None] | None = None,
) -> list[tuple[int, Measured]]:
    """The workload in lockstep rounds on paused engines; (engine, result) in send order.

    Per round every engine is paused (its queue keeps what arrives, its cache stays), the
    round's requests are sent one after another, each once the server has taken the one
    before, with its place in the round as its priority (the engine's queue order whatever
    the order they reach it), then every engine is resumed and the round runs to its end.
    So no request arrives while the engine runs and its hits follow from the scheduler's
    order alone. A result's `sent_at` is its engine's resume: its TTFT counts from there.
    `route` picks each request's engine (default: the first); `answered` hears each round.
    """
    out: list[tuple[int, Measured]] = []
    for requests in request_rounds(workload, concurrency):
        for client in clients:
            await client.pause()
        tasks: list[tuple[int, ProbeRequest, asyncio.Task[Response]]] = []
        released: dict[int, float] = {}
        try:
            for position, request in enumerate(requests):
                engine = route(request, ids[request.id]) if route else 0
                opened = asyncio.Event()
                task = asyncio.create_task(
                    clients[engine].complete(
                        request.prompt, request.messages, request.max_tokens, salt, position, opened
                    )
                )
                waiter = asyncio.create_task(opened.wait())
                await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
                if task.done():
                    task.result()  # raises what the request failed with
                tasks.append((engine, request, task))
            for i, client in enumerate(clients):
                await client.is_paused()  # behind the adds in the engine core's input queue
                released[i] = time.monotonic()
                await client.resume()
        finally:
            # An attached engine must not stay paused when a round fails.
            for i, client in enumerate(clients):
                if i not in released:
                    with contextlib.suppress(UserError):
                        await client.resume()
        for engine, request, task in tasks:
            response = replace(await task, sent_at=released[engine])
            out.append((engine, Measured(request, ids[request.id], response)))
        if answered is not None:
            answered([(engine, request) for engine, request, _ in tasks])
    return out


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
    scheduled: SchedulerPrediction | None = None  # the scheduler simulation, before the run
    differing_scheduler: int | None = None  # requests whose cached_tokens it got wrong

    @property
    def hit_rate(self) -> float:
        return self.measured_hits / self.prompt_tokens if self.prompt_tokens else 0.0

    @property
    def predicted_hit_rate(self) -> float:
        return self.predicted_hits_planned / self.prompt_tokens if self.prompt_tokens else 0.0


def planned_order(workload: Workload, concurrency: int) -> list[ProbeRequest]:
    """The arrival order `run_concurrent` aims at: its lockstep rounds one after another."""
    return [r for requests in request_rounds(workload, concurrency) for r in requests]


def predict_planned(
    cache: CacheConfig, workload: Workload, concurrency: int, ids: dict[str, list[int]]
) -> int:
    """The simulator fed the planned schedule: a prediction made before the run."""
    pool = new_pool(cache)
    total = 0
    for request in planned_order(workload, concurrency):
        total += pool.run(request.id, ids[request.id], request.max_tokens).hit_tokens
    return total


DRAWS = 5  # simulations per prediction, one per draw of the order answers are read in


@dataclass
class SchedulerPrediction:
    """The scheduler simulation's prediction for one concurrency level, made before the run."""

    hit_tokens: int
    cached_tokens: int
    ttfts: list[float]
    preemptions: int
    seconds: float
    per_request: dict[str, int] = field(default_factory=dict)  # predicted cached_tokens


def sessions_of(workload: Workload, ids: dict[str, list[int]]) -> list[Session]:
    return [
        Session(s[0].session, [Turn(r.id, ids[r.id], r.max_tokens) for r in s])
        for s in workload.sessions()
    ]


def predict_scheduled(
    cache: CacheConfig,
    limits: Limits,
    times: StepTimes,
    delays: Delays,
    workload: Workload,
    concurrency: int,
    ids: dict[str, list[int]],
    arrival: str = "rounds",
) -> SchedulerPrediction:
    """The scheduler simulation of `run_concurrent`: `concurrency` sessions, in lockstep
    rounds or closed loops.

    In closed loops the client reads answers that end together in no set order: the median
    of `DRAWS` draws. Rounds have no such freedom: one simulation.
    """
    draws = []
    for k in range(DRAWS if delays.per_answer and arrival == "closed-loop" else 1):
        engine = EngineSim(cache.num_gpu_blocks, cache.block_size, limits, times)
        sessions = sessions_of(workload, ids)
        drawn = replace(delays, seed=delays.seed + k)
        result = replay_sessions(
            arrival, sessions, Fleet([engine]), LeastLoaded(), concurrency, drawn
        )
        draws.append((engine.metric_hits, engine, result))
    draws.sort(key=lambda d: d[0])
    _, engine, result = draws[len(draws) // 2]
    return SchedulerPrediction(
        hit_tokens=engine.metric_hits,
        cached_tokens=sum(o.request.cached_tokens or 0 for o in result.outcomes),
        ttfts=[o.ttft for o in result.outcomes],
        preemptions=engine.preemptions,
        seconds=result.seconds,
        per_request={o.turn.id: o.request.cached_tokens or 0 for o in result.outcomes},
    )
