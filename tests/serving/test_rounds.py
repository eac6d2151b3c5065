"""Lockstep rounds: every request of a round is queued before the engine schedules any."""

from __future__ import annotations

import random
from collections.abc import Callable

from promptlint.serving.engine import EngineSim, Limits, StepTimes
from promptlint.serving.fleet import (
    Delays,
    Fleet,
    Replay,
    Session,
    Turn,
    lockstep_rounds,
    replay,
    replay_rounds,
)
from promptlint.serving.route import make_router

CPU = Limits(max_num_seqs=8, max_num_batched_tokens=2048, async_scheduling=False)
TIMES = StepTimes(base=0.001, per_prefill_token=5e-6, per_decode_seq=5e-5)
# Client timings as calibrated on loaded and quiet machines: send, back, per answer read.
CLIENTS = [
    Delays(),
    Delays(0.002, 0.002),
    Delays(0.004, 0.004, 0.0005),
    Delays(0.001, 0.006, 0.002),
]


def agents(n: int = 8, turns: int = 6, seed: int = 1) -> list[Session]:
    """The probe's sweep shape on a 64-block pool of 32 tokens: a 126-token shared system
    prompt, 63 tokens a turn, 8 generated; 4 sessions fit, 8 do not."""
    rng = random.Random(seed)
    system = [rng.randrange(300, 1800) for _ in range(126)]
    sessions = []
    for s in range(n):
        history, session = list(system), []
        for t in range(turns):
            history = history + [rng.randrange(300, 1800) for _ in range(63)]
            session.append(Turn(f"s{s}t{t}", list(history), 8))
        sessions.append(Session(f"s{s}", session))
    return sessions


def hits(replayer: Callable[..., Replay], concurrency: int, delays: Delays) -> int:
    engine = EngineSim(64, 32, CPU, TIMES)
    replayer(agents(), Fleet([engine]), make_router("least-loaded"), concurrency, delays)
    return engine.metric_hits


def test_rounds_keep_that_many_sessions_live_and_refill_at_the_next_round() -> None:
    sessions = [
        Session("a", [Turn("a1", [1]), Turn("a2", [1, 2]), Turn("a3", [1, 2, 3])]),
        Session("b", [Turn("b1", [4])]),
        Session("c", [Turn("c1", [5]), Turn("c2", [5, 6])]),
    ]
    rounds = [[t.id for _, t in r] for r in lockstep_rounds(sessions, 2)]
    assert rounds == [["a1", "b1"], ["a2", "c1"], ["a3", "c2"]]


def test_round_hits_follow_from_the_scheduler_not_from_the_clients_timing() -> None:
    # Closed loops: when a session's next turn reaches the engine, relative to the others'
    # frees and admissions, decides what is still cached once the pool is short, so the
    # client's latencies move the hits (here by up to 7 %). In rounds they cannot.
    for level in (6, 8):
        rounds = {hits(replay_rounds, level, d) for d in CLIENTS}
        loops = {hits(replay, level, d) for d in CLIENTS}
        assert len(rounds) == 1, rounds
        assert len(loops) > 1, loops
    assert hits(replay_rounds, 4, Delays()) == hits(replay, 4, Delays()) == 12192  # all fit


def test_a_round_is_queued_before_the_first_step() -> None:
    # Two requests of one round that share a 64-token prefix: the second is admitted in the
    # same step as the first and reads the blocks the first is about to fill; a third that
    # does not fit (4 usable blocks of 32) waits for a free, so its first token comes later.
    shared = list(range(100, 164))
    sessions = [
        Session("a", [Turn("a", [*shared, 1], 2)]),
        Session("b", [Turn("b", [*shared, 2], 2)]),
        Session("c", [Turn("c", list(range(500, 600)), 2)]),
    ]
    engine = EngineSim(5, 32, CPU, StepTimes(base=1.0))
    result = replay_rounds(sessions, Fleet([engine]), make_router("round-robin"), 3)
    a, b, c = result.outcomes
    assert (a.request.cached_tokens, b.request.cached_tokens) == (0, 64)
    assert a.request.first_token_at == b.request.first_token_at == 1.0
    assert c.request.admitted_at is not None and c.request.admitted_at >= 2.0
    assert result.fleet.in_flight == [0]


def test_least_loaded_in_rounds_counts_the_rounds_sends() -> None:
    # Four sessions of two turns on two replicas: each round sends r0, r1, r0, r1 (ties in
    # turn, counts back to 0 when the round is in), so every second turn finds its prefix.
    sessions = [
        Session(f"s{i}", [Turn(f"s{i}-1", list(range(i * 100, i * 100 + 8))),
                          Turn(f"s{i}-2", list(range(i * 100, i * 100 + 12)))])
        for i in range(4)
    ]  # fmt: skip
    fleet = Fleet([EngineSim(33, 4, CPU) for _ in range(2)])
    result = replay_rounds(sessions, fleet, make_router("least-loaded"), 4)
    assert [o.replica for o in result.outcomes] == [0, 1, 0, 1, 0, 1, 0, 1]
    assert sum(e.metric_hits for e in fleet.engines) == 4 * 8
    assert [load.max for load in fleet.load] == [2, 2]
