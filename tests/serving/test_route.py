"""Routing policies on traces worked by hand, the recorded-session replay, and the command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from promptlint.serving.engine import EngineSim, Limits, StepTimes
from promptlint.serving.fleet import Delays, Fleet, Session, Turn
from promptlint.serving.report import render
from promptlint.serving.route import Replicas, compare, make_router, run_policy
from promptlint.serving.sessions import agent_sessions, recorded_sessions
from promptlint.store import open_store
from promptlint.store.records import BreakRecord, RequestRecord

SYNC = Limits(async_scheduling=False)
TWO = Replicas(2, num_blocks=33, block_size=4, limits=SYNC, times=StepTimes(base=1.0))


def two_sessions() -> list[Session]:
    # A and B: an 8-token first turn, then a second turn that extends it to 12 tokens.
    a, b = list(range(100, 112)), list(range(200, 212))
    return [
        Session("A", [Turn("a1", a[:8]), Turn("a2", a)]),
        Session("B", [Turn("b1", b[:8]), Turn("b2", b)]),
    ]


def test_round_robin_sends_each_second_turn_where_its_prefix_is_not() -> None:
    # One session at a time: a1 → r0, a2 → r1, b1 → r0, b2 → r1; no second turn hits.
    result = run_policy(two_sessions(), TWO, make_router("round-robin"), concurrency=1)
    assert result.requests_per_replica == [2, 2]
    assert result.hit_tokens == 0
    assert result.prefill_computed == 40


def test_prefix_aware_and_affinity_keep_a_session_where_its_prefix_is() -> None:
    # a2 and b2 each hit the first 8 tokens (the n − 1 cap allows (12 − 1) // 4 = 2 blocks).
    for policy in ("prefix-aware", "session-affinity"):
        result = run_policy(two_sessions(), TWO, make_router(policy), concurrency=1)
        assert result.hit_tokens == 16, policy
        assert result.prefill_computed == 40 - 16
    # prefix-aware: nothing cached for b1 anywhere, so the least loaded, r0, takes it too
    aware = run_policy(two_sessions(), TWO, make_router("prefix-aware"), concurrency=1)
    assert aware.requests_per_replica == [4, 0]
    assert aware.hottest_share == 1.0


def test_least_loaded_counts_requests_in_flight() -> None:
    # Three single-turn sessions at once: r0, r1, then r0 again (ties are taken in turn).
    sessions = [
        Session(f"s{i}", [Turn(f"t{i}", list(range(i * 10, i * 10 + 5)))]) for i in range(3)
    ]
    result = run_policy(sessions, TWO, make_router("least-loaded"), concurrency=3)
    assert result.requests_per_replica == [2, 1]
    assert result.max_in_flight == [2, 1]


def test_prefix_aware_load_bound_spills_to_another_replica() -> None:
    fleet = Fleet([EngineSim(33, 4, SYNC), EngineSim(33, 4, SYNC)])
    prompt = list(range(12))
    fleet.engines[0].pool.run("earlier", prompt)  # r0 holds the prefix
    follow_up = [*prompt, 99]
    assert make_router("prefix-aware").choose("s", follow_up, fleet) == 0
    # r0 has 3 requests in flight, r1 none: with this one 4 in all, a mean of 2. A bound of
    # 1.25 allows ceil(2.5) = 3 per replica, so r0 (which would have 4) is not eligible ...
    fleet.in_flight = [3, 0]
    assert make_router("prefix-aware", load_bound=1.25).choose("s", follow_up, fleet) == 1
    # ... a bound of 2 allows 4: the prefix wins.
    assert make_router("prefix-aware", load_bound=2.0).choose("s", follow_up, fleet) == 0


def test_agent_sessions_follow_the_conversation_shape() -> None:
    sessions = agent_sessions(100, 3, 20, 10, 2, shared_system=True, gap_seconds=5.0)
    s0, s1 = sessions
    assert [len(t.prompt) for t in s0.turns] == [120, 150, 180]
    assert s0.turns[1].prompt[:120] == s0.turns[0].prompt  # the history is resent
    assert s0.turns[0].prompt[:100] == s1.turns[0].prompt[:100]  # the shared system prompt
    assert s0.turns[0].prompt[100:] != s1.turns[0].prompt[100:]
    assert [t.think_seconds for t in s0.turns] == [0.0, 5.0, 5.0]
    unique = agent_sessions(100, 1, 20, 10, 2, shared_system=False)
    assert unique[0].turns[0].prompt[:100] != unique[1].turns[0].prompt[:100]


def record(i: str, parent: str | None, ts: str, uncached: int, read: int, **kw: Any) -> Any:
    return RequestRecord(
        id=i, ts=ts, api="openai-chat", provider="vllm", model="m", key_hash="k",
        session_id=kw.pop("session", "s1"), parent_id=parent, status=200, streamed=True,
        latency_ms=kw.pop("latency_ms", 1000.0), uncached_input_tokens=uncached,
        cache_read_tokens=read, output_tokens=kw.pop("output_tokens", 5), **kw,
    )  # fmt: skip


def write_store(path: Path) -> str:
    url = f"sqlite:///{path}"
    with open_store(url) as store:
        store.write(
            [
                record("r1", None, "2026-11-29T10:00:00.000000+00:00", 64, 0),
                record("r2", "r1", "2026-11-29T10:00:03.000000+00:00", 16, 64),
                record(
                    "r3", "r2", "2026-11-29T10:00:10.000000+00:00", 60, 20,
                    breaks=[BreakRecord("volatile-timestamp", "PL101", "system", 20, 60, "0")],
                ),
                record("q1", None, "2026-11-29T10:00:01.000000+00:00", 40, 0, session="s2"),
            ]
        )  # fmt: skip
    return url


def test_recorded_sessions_keep_prefixes_and_the_recorded_clock(tmp_path: Path) -> None:
    url = write_store(tmp_path / "rec.db")
    with open_store(url) as store:
        recorded = [store.session_requests(s["session_id"]) for s in store.sessions()]
    by_id = {s.id: s for s in recorded_sessions(recorded)}
    s1, s2 = by_id["s1"], by_id["s2"]
    p1, p2, p3 = (t.prompt for t in s1.turns)
    assert (len(p1), len(p2), len(p3)) == (64, 80, 80)
    assert p2[:64] == p1 and p3[:20] == p2[:20] and p3[20] != p2[20]
    # r2 came 3 s after r1, which took 1 s: a 2 s pause; r3 came 6 s after r2 ended
    assert [t.think_seconds for t in s1.turns] == [0.0, 2.0, 6.0]
    assert (s1.start, s2.start) == (0.0, 1.0)
    assert s1.turns[0].output_tokens == 5


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", "route", *args], capture_output=True, text=True
    )


def test_cli_compares_policies_on_a_store(tmp_path: Path) -> None:
    url = write_store(tmp_path / "rec.db")
    out = run_cli("--store", url, "--kv-blocks", "64", "--format", "json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert [p["policy"] for p in report["policies"]] == [
        "round-robin", "random", "least-loaded", "session-affinity", "prefix-aware"
    ]  # fmt: skip
    assert report["requests"] == 4 and report["prompt_tokens"] == 64 + 80 + 80 + 40
    aware = report["policies"][-1]
    # r2 hits r1's 64 tokens, r3 the 16 before its break (20 rounded down to blocks of 16)
    assert aware["hit_tokens"] == 64 + 16
    for fmt in ("table", "html"):
        text = run_cli("--store", url, "--kv-blocks", "64", "--format", fmt).stdout
        assert "prefix-aware" in text
    html = run_cli("--store", url, "--kv-blocks", "64", "--format", "html").stdout
    assert html.startswith("<!doctype html>") and "<svg" in html and "<script" not in html


def test_report_renders_every_format() -> None:
    sessions = agent_sessions(64, 3, 16, 4, 4)
    results = compare(sessions, TWO, ["round-robin", "session-affinity"], concurrency=4)
    report = {
        "workload": "w",
        "requests": results[0].requests,
        "prompt_tokens": results[0].prompt_tokens,
        "replicas": {
            "count": 2, "num_blocks": 33, "block_size": 4, "max_num_seqs": 256,
            "max_num_batched_tokens": 8192, "async_scheduling": False, "step_ms": 1.0,
            "prefill_token_us": 0.0, "decode_seq_ms": 0.0, "step_times_from": "given",
        },
        "policies": [r.to_json() for r in results],
        "best": "session-affinity",
    }  # fmt: skip
    assert json.loads(render(report, "json")) == report
    assert "session-affinity" in render(report, "table")
    assert render(report, "html").count("<rect") == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "give --kv-blocks N, or --model DIR"),
        (("--kv-blocks", "64", "--policies", "fastest"), "--policies: unknown fastest"),
        (("--model", "/nonexistent"), "--model needs --gpu"),
        (("--kv-blocks", "4", "--sessions", "1", "--turns", "1"), "never be scheduled"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(args: tuple[str, ...], message: str) -> None:
    out = run_cli(*args)
    assert out.returncode == 2
    assert message in out.stderr and out.stderr.count("\n") == 1, out.stderr


def test_random_is_seeded_and_independent_of_arrival_order() -> None:
    fleet = Fleet([EngineSim(33, 4, SYNC) for _ in range(4)])
    router = make_router("random", seed=7)
    prompts = [("s1", list(range(n))) for n in (5, 9, 13)] + [("s2", list(range(5)))]
    forward = [router.choose(s, p, fleet) for s, p in prompts]
    backward = [router.choose(s, p, fleet) for s, p in reversed(prompts)]
    assert forward == list(reversed(backward))
    other_seed = make_router("random", seed=8)
    many = [(f"s{i}", [1, 2, 3]) for i in range(64)]
    picks = [router.choose(s, p, fleet) for s, p in many]
    assert picks != [other_seed.choose(s, p, fleet) for s, p in many]
    assert set(picks) == {0, 1, 2, 3}


def test_least_loaded_takes_ties_in_turn() -> None:
    fleet = Fleet([EngineSim(33, 4, SYNC) for _ in range(3)])
    router = make_router("least-loaded")
    assert [router.choose("s", [1], fleet) for _ in range(4)] == [0, 1, 2, 0]
    fleet.in_flight = [1, 0, 1]
    assert router.choose("s", [1], fleet) == 1


def test_answers_read_one_at_a_time_make_least_loaded_sticky() -> None:
    # Four sessions of two turns start together: r0, r1, r0, r1 (ties in turn). All four
    # first turns end in the same step. Read together, all four replicas' counts drop to 0
    # before any second turn is sent, and the ties move s2 and s3 (s0 → r0, s2 → r1, ...).
    # Read one at a time, s0's second turn is sent while the others are still in flight on
    # both replicas, so r0 (one fewer) takes it back, and so on: every session stays.
    sessions = [
        Session(f"s{i}", [Turn(f"s{i}-1", list(range(i * 100, i * 100 + 8))),
                          Turn(f"s{i}-2", list(range(i * 100, i * 100 + 12)))])
        for i in range(4)
    ]  # fmt: skip
    together = run_policy(sessions, TWO, make_router("least-loaded"), 4, Delays(back=0.1))
    apart = run_policy(
        sessions, TWO, make_router("least-loaded"), 4, Delays(back=0.1, per_answer=0.01)
    )
    assert together.hit_tokens == 16  # two of four second turns found their prefix
    assert apart.hit_tokens == 32  # all four


def test_answers_that_end_together_are_read_in_a_seeded_order() -> None:
    from promptlint.serving.fleet import replay

    sessions = [
        Session(f"s{i}", [Turn(f"s{i}-1", [i, 1, 2]), Turn(f"s{i}-2", [i, 1, 2, 3])])
        for i in range(6)
    ]

    def second_turns(seed: int) -> list[str]:
        fleet = Fleet([EngineSim(33, 4, SYNC)])
        result = replay(sessions, fleet, make_router("round-robin"), 6, Delays(0, 0, 0.01, seed))
        return [o.session for o in result.outcomes[6:]]

    assert second_turns(0) == second_turns(0)
    orders = {tuple(second_turns(seed)) for seed in range(5)}
    assert len(orders) > 1 and all(sorted(o) == [f"s{i}" for i in range(6)] for o in orders)
