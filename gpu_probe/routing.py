"""Routing on real engines: the probe's own minimal router per policy, against the prediction.

The router is the one `promptlint route` simulates (`promptlint.serving.fleet`), fed what a
router in front of real engines can know: its own count of requests in flight per engine
and, for the prefix-aware policy, a block pool per engine that records each prompt once the
engine has answered it (an approximate prefix index, as routers without KV events keep).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from promptlint.serving.engine import EngineSim, Limits, SimRequest
from promptlint.serving.fleet import Fleet, run_until_idle
from promptlint.serving.route import Replicas, make_router, percentile, run_policy

from .calibrate import Calibration
from .client import EngineClient, Response
from .metrics import CacheConfig, Counters, counters
from .runner import DRAWS, _settled, run_rounds, sessions_of
from .workloads import ProbeRequest, Workload


@dataclass
class Routed:
    engine: int
    request_id: str
    prompt_tokens: int
    response: Response


async def run_routed(
    clients: Sequence[EngineClient],
    cache: CacheConfig,
    workload: Workload,
    ids: dict[str, list[int]],
    policy: str,
    concurrency: int,
    salt: str,
    load_bound: float,
    seed: int,
    limits: Limits,
    arrival: str = "rounds",
) -> tuple[list[Routed], list[Counters]]:
    """Sessions `concurrency` at a time, each request sent to the engine the policy picks.

    In lockstep rounds the router's view of each engine is a scheduler simulation fed the
    requests it sent there, round by round, once answered (in rounds the engine's order
    follows from its scheduler, so the view is what the engine cached); in closed loops it
    is a block pool that records each prompt once answered.
    """
    router = make_router(policy, load_bound, seed)
    view = Fleet(
        [
            EngineSim(cache.num_gpu_blocks, cache.block_size, limits, name=f"view{i}")
            for i in range(len(clients))
        ]
    )
    routed: list[Routed] = []
    before = [counters(await c.metrics()) for c in clients]
    if arrival == "rounds":

        def route(request: ProbeRequest, prompt: list[int]) -> int:
            i = router.choose(request.session, prompt, view)
            view.in_flight[i] += 1
            return i

        def answered(sent: list[tuple[int, ProbeRequest]]) -> None:
            for i, request in sent:
                view.in_flight[i] -= 1
                view.engines[i].add(
                    SimRequest(request.id, ids[request.id], request.max_tokens), 0.0
                )
            for engine in view.engines:
                run_until_idle(engine, 0.0)

        for i, m in await run_rounds(clients, workload, concurrency, ids, salt, route, answered):
            routed.append(Routed(i, m.request.id, len(m.prompt_ids), m.response))
    else:
        sessions = deque(workload.sessions())

        async def worker() -> None:
            while sessions:
                session = sessions.popleft()
                for request in session:
                    prompt = ids[request.id]
                    i = router.choose(request.session, prompt, view)
                    view.in_flight[i] += 1
                    response = await clients[i].complete(
                        prompt, None, request.max_tokens, cache_salt=salt
                    )
                    view.in_flight[i] -= 1
                    view.engines[i].pool.run(request.id, prompt, request.max_tokens)
                    routed.append(Routed(i, request.id, len(prompt), response))

        await asyncio.gather(*(worker() for _ in range(concurrency)))
    deltas = []
    for i, client in enumerate(clients):
        expected = sum(r.prompt_tokens for r in routed if r.engine == i)
        deltas.append(await _settled(client, before[i], expected) - before[i])
    return routed, deltas


async def routing_section(
    clients: Sequence[EngineClient],
    cache: CacheConfig,
    workload: Workload,
    ids: dict[str, list[int]],
    policies: Sequence[str],
    concurrency: int,
    limits: Limits,
    calibration: Calibration,
    nonce: str,
    load_bound: float = 1.25,
    seed: int = 0,
    arrival: str = "rounds",
) -> dict[str, Any]:
    """Each policy on the engines (fresh salt each) next to its prediction before the run."""
    replicas = Replicas(
        len(clients), cache.num_gpu_blocks, cache.block_size, limits, calibration.times
    )
    sessions = sessions_of(workload, ids)
    rows = []
    for policy in policies:
        draws = sorted(
            (
                run_policy(
                    sessions,
                    replicas,
                    make_router(policy, load_bound, seed),
                    concurrency,
                    replace(calibration.delays, seed=k),
                    arrival,
                )
                for k in range(DRAWS if arrival == "closed-loop" else 1)
            ),
            key=lambda r: r.hit_tokens,
        )
        predicted = draws[len(draws) // 2]  # the median draw of the client's read order
        routed, deltas = await run_routed(
            clients, cache, workload, ids, policy, concurrency, f"promptlint-{nonce}-{policy}",
            load_bound, seed, limits, arrival,
        )  # fmt: skip
        prompt = sum(r.prompt_tokens for r in routed)
        measured = int(sum(d.hits for d in deltas))
        per_engine = [sum(1 for r in routed if r.engine == i) for i in range(len(clients))]
        ttfts = [r.response.ttft for r in routed if r.response.ttft is not None]
        p50, p99 = percentile(ttfts, 50), percentile(ttfts, 99)
        rows.append(
            {
                "policy": policy,
                "requests": len(routed),
                "prompt_tokens": prompt,
                "measured_hit_tokens": measured,
                "measured_cached_tokens_sum": sum(r.response.cached_tokens or 0 for r in routed),
                "predicted_hit_tokens": predicted.hit_tokens,
                "hit_rate": round(measured / prompt, 4) if prompt else 0.0,
                "predicted_hit_rate": round(predicted.hit_rate, 4),
                "difference_points": round((measured / prompt - predicted.hit_rate) * 100, 2)
                if prompt
                else None,
                "requests_per_engine": per_engine,
                "predicted_requests_per_engine": predicted.requests_per_replica,
                "hits_per_engine": [int(d.hits) for d in deltas],
                "preemptions": int(sum(d.preemptions for d in deltas)),
                "ttft_p50_ms": None if p50 is None else round(p50 * 1000, 2),
                "ttft_p99_ms": None if p99 is None else round(p99 * 1000, 2),
                "predicted_ttft_p50_ms": round(predicted.ttft_p50 * 1000, 2),
                "predicted_ttft_p99_ms": round(predicted.ttft_p99 * 1000, 2),
            }
        )
    return {
        "engines": len(clients),
        "workload": workload.description,
        "concurrency": concurrency,
        "load_bound": load_bound,
        "arrival": arrival,
        "policies": rows,
        "ordering": ordering(rows),
    }


def ttft_basis(worker_cores: Sequence[str | None] | None) -> dict[str, Any]:
    """Whether the routing table's TTFT prediction can hold on these engines, and why.

    The prediction times every engine's steps as the calibration measured them, on the first
    engine running alone. Engines whose workers share a core take turns on it whenever they
    run at once, so their steps (and the tail most) take several times as long.
    """
    if worker_cores is None:
        return {
            "holds": None,
            "why": "attached engines: the probe does not know their cores; the TTFT "
            "prediction holds only if each engine's worker has cores of its own",
        }
    bound = [c for c in worker_cores if c is not None]
    if len(bound) < len(worker_cores):
        return {
            "holds": None,
            "why": "VLLM_CPU_OMP_THREADS_BIND set by the user: the TTFT prediction holds only "
            "if it gives each engine's worker cores of its own",
        }
    if len(set(bound)) < len(bound):  # worker_cores binds one core each
        return {
            "holds": False,
            "why": f"more engines than cores (workers bound to {', '.join(bound)}): engines "
            "on one core take turns on it, so their steps take longer than the calibration "
            "(one engine alone) measured; the TTFT prediction does not hold",
        }
    return {
        "holds": True,
        "why": f"each engine's worker bound to a core of its own ({', '.join(bound)}), as "
        "the calibrated engine ran alone; the API servers and the client share those cores "
        "with them, which the prediction does not model: read p99 as a lower bound",
    }


def ordering(rows: Sequence[dict[str, Any]], min_points: float = 2.0) -> dict[str, Any]:
    """Do measured and predicted hit rates order the policies alike?

    Kendall's pairs: a pair is discordant when both the measured and the predicted rates
    differ by at least `min_points` and in opposite directions; a pair closer than that on
    either side is a tie, which either order respects.
    """
    discordant = []
    for i, a in enumerate(rows):
        for b in rows[i + 1 :]:
            measured = (a["hit_rate"] - b["hit_rate"]) * 100
            predicted = (a["predicted_hit_rate"] - b["predicted_hit_rate"]) * 100
            tied = min(abs(measured), abs(predicted)) < min_points
            if not tied and measured * predicted < 0:
                discordant.append([a["policy"], b["policy"]])
    by_measured = sorted(rows, key=lambda r: -r["hit_rate"])
    by_predicted = sorted(rows, key=lambda r: -r["predicted_hit_rate"])
    return {
        "measured": [r["policy"] for r in by_measured],
        "predicted": [r["policy"] for r in by_predicted],
        "same": not discordant,
        "discordant_pairs": discordant,
        "tie_points": min_points,
    }
