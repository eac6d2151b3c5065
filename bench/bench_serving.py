"""What the scheduler simulation costs over the block pool fed one request at a time (ratio).

Both see the same requests: `promptlint route`'s default conversation shape cut down
(16 sessions × 6 turns, 2,000-token system prompt, +1,000 input and 100 answer tokens per
turn) on a vLLM-sized pool (block 16, 8,192 blocks). The baseline is the one-at-a-time replay
the probe used before (`BlockPool.run` per request); the simulation adds the scheduler's steps
(admission, chunking, one decode step per generated token, frees) and the closed-loop clients.
A second line runs them in lockstep rounds (what `promptlint capacity` and the probe do), a
third routes the same sessions onto 4 replicas with the prefix-aware policy, which looks up
every replica's cache per request.

Run: .venv/bin/python bench/bench_serving.py
"""

from __future__ import annotations

import os
import timeit

from promptlint.kv.blockpool import BlockPool
from promptlint.serving.engine import Limits, StepTimes
from promptlint.serving.route import Replicas, make_router, run_policy
from promptlint.serving.sessions import agent_sessions


def main() -> None:
    sessions = agent_sessions(2000, 6, 1000, 100, 16, gap_seconds=5.0)
    turns = [t for s in sessions for t in s.turns]
    tokens = sum(len(t.prompt) for t in turns)
    limits, times = Limits(), StepTimes(0.008, 30e-6, 5e-5)

    def baseline() -> None:
        pool = BlockPool(8192, 16)
        for turn in turns:
            pool.run(turn.id, turn.prompt, turn.output_tokens)

    def simulate() -> None:
        run_policy(sessions, Replicas(1, 8192, 16, limits, times), make_router("round-robin"), 16)

    def rounds() -> None:
        run_policy(
            sessions,
            Replicas(1, 8192, 16, limits, times),
            make_router("round-robin"),
            16,
            arrival="rounds",
        )

    def route() -> None:
        run_policy(sessions, Replicas(4, 2048, 16, limits, times), make_router("prefix-aware"), 16)

    base = min(timeit.repeat(baseline, number=1, repeat=3))
    sim = min(timeit.repeat(simulate, number=1, repeat=3))
    lockstep = min(timeit.repeat(rounds, number=1, repeat=3))
    routed = min(timeit.repeat(route, number=1, repeat=3))
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"{len(turns)} requests, {tokens:,} prompt tokens, 100 generated each")
    print(f"one at a time {base:.3f}s, scheduler simulation {sim:.3f}s: {sim / base:.2f}x")
    print(f"lockstep rounds {lockstep:.3f}s: {lockstep / base:.2f}x")
    print(f"4 replicas, prefix-aware routing {routed:.3f}s: {routed / base:.2f}x")


if __name__ == "__main__":
    main()
