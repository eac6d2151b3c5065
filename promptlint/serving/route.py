"""Routing policies compared on one set of sessions: what each does to prefix hits and load.

Every policy replays the same sessions onto the same number of fresh replicas (each a
scheduler simulation over its own block pool), so the figures differ only by where requests
went.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from promptlint.errors import UserError

from .engine import EngineSim, Limits, StepTimes
from .fleet import (
    POLICIES,
    Delays,
    Fleet,
    PrefixAware,
    RandomChoice,
    Router,
    Session,
    replay_sessions,
)


@dataclass(frozen=True)
class Replicas:
    count: int
    num_blocks: int  # per replica, vLLM's num_gpu_blocks (the null block included)
    block_size: int
    limits: Limits
    times: StepTimes


@dataclass
class PolicyResult:
    policy: str
    requests: int
    prompt_tokens: int
    hit_tokens: int  # what vllm:prefix_cache_hits_total would count, over all replicas
    prefill_computed: int  # prompt tokens the replicas computed (recomputes included)
    preemptions: int
    requests_per_replica: list[int]
    max_in_flight: list[int]
    mean_in_flight: list[float]
    ttft_p50: float
    ttft_p99: float
    seconds: float

    @property
    def hit_rate(self) -> float:
        return self.hit_tokens / self.prompt_tokens if self.prompt_tokens else 0.0

    @property
    def hottest_share(self) -> float:
        """The busiest replica's share of the requests (1 / replicas is even)."""
        total = sum(self.requests_per_replica)
        return max(self.requests_per_replica) / total if total else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "policy": self.policy,
            "requests": self.requests,
            "prompt_tokens": self.prompt_tokens,
            "hit_tokens": self.hit_tokens,
            "hit_rate": round(self.hit_rate, 4),
            "prefill_tokens_computed": self.prefill_computed,
            "preemptions": self.preemptions,
            "requests_per_replica": self.requests_per_replica,
            "hottest_replica_share": round(self.hottest_share, 4),
            "max_in_flight_per_replica": self.max_in_flight,
            "mean_in_flight_per_replica": [round(x, 3) for x in self.mean_in_flight],
            "ttft_p50_ms": round(self.ttft_p50 * 1000, 3),
            "ttft_p99_ms": round(self.ttft_p99 * 1000, 3),
            "makespan_seconds": round(self.seconds, 3),
        }


def policy_names(raw: str) -> list[str]:
    """A comma-separated list of policy names, checked (a bad one is a user error)."""
    names = [p.strip() for p in raw.split(",") if p.strip()]
    unknown = [p for p in names if p not in POLICIES]
    if unknown or not names:
        raise UserError(
            f"--policies: unknown {', '.join(unknown) or '(none)'}; use {', '.join(POLICIES)}"
        )
    return names


def make_router(name: str, load_bound: float = 1.25, seed: int = 0) -> Router:
    if name == "prefix-aware":
        return PrefixAware(load_bound)
    if name == "random":
        return RandomChoice(seed)
    if name not in POLICIES:
        raise ValueError(f"unknown routing policy {name!r}: use {', '.join(POLICIES)}")
    return POLICIES[name]()


def percentile(values: Sequence[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def run_policy(
    sessions: Sequence[Session],
    replicas: Replicas,
    router: Router,
    concurrency: int,
    delays: Delays | None = None,
    arrival: str = "closed-loop",
) -> PolicyResult:
    engines = [
        EngineSim(
            replicas.num_blocks, replicas.block_size, replicas.limits, replicas.times, f"r{i}"
        )
        for i in range(replicas.count)
    ]
    result = replay_sessions(arrival, sessions, Fleet(engines), router, concurrency, delays)
    per_replica = [0] * replicas.count
    for outcome in result.outcomes:
        per_replica[outcome.replica] += 1
    ttfts = [o.ttft for o in result.outcomes]
    return PolicyResult(
        policy=router.name,
        requests=len(result.outcomes),
        prompt_tokens=sum(len(o.turn.prompt) for o in result.outcomes),
        hit_tokens=sum(e.metric_hits for e in engines),
        prefill_computed=sum(o.request.prefill_computed for o in result.outcomes),
        preemptions=sum(e.preemptions for e in engines),
        requests_per_replica=per_replica,
        max_in_flight=[load.max for load in result.fleet.load],
        mean_in_flight=[result.mean_load(i) for i in range(replicas.count)],
        ttft_p50=percentile(ttfts, 50) or 0.0,
        ttft_p99=percentile(ttfts, 99) or 0.0,
        seconds=result.seconds,
    )


def compare(
    sessions: Sequence[Session],
    replicas: Replicas,
    policies: Sequence[str],
    concurrency: int,
    delays: Delays | None = None,
    load_bound: float = 1.25,
    seed: int = 0,
) -> list[PolicyResult]:
    return [
        run_policy(sessions, replicas, make_router(name, load_bound, seed), concurrency, delays)
        for name in policies
    ]
