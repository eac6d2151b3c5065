"""The scheduler simulation against cases worked by hand (block size 4 throughout)."""

from __future__ import annotations

import pytest

from promptlint.serving.engine import EngineSim, Limits, SimRequest, StepTimes


def run(engine: EngineSim, arrivals: list[tuple[float, SimRequest]]) -> float:
    """Drive one engine: requests arrive at their times; steps run back to back."""
    pending = sorted(arrivals, key=lambda a: a[0])
    clock = 0.0
    until: float | None = None
    while pending or engine.has_work():
        if pending and (until is None or pending[0][0] < until):
            clock = pending[0][0]
            while pending and pending[0][0] <= clock:
                engine.add(pending.pop(0)[1], clock)
            until = until if until is not None else engine.start(clock)
            continue
        assert until is not None, "stalled"
        clock = until
        _, until = engine.step_end(clock)
    return clock


SYNC = Limits(async_scheduling=False)


TIMES = StepTimes(base=1.0, per_prefill_token=0.1, per_decode_seq=0.5)


def test_one_request_prefill_then_decode_steps() -> None:
    engine = EngineSim(8, 4, SYNC, TIMES)
    r = SimRequest("a", list(range(10)), output_tokens=3)
    end = run(engine, [(0.0, r)])
    # step 1: 10 prefill tokens (2.0 s) samples token 1; steps 2 and 3 decode (1.5 s each)
    assert (r.first_token_at, r.finished_at, end) == (2.0, 5.0, 5.0)
    assert engine.steps == 3
    assert len(r.tokens) == 12  # prompt + the 2 fed-back tokens: the last one is never stored
    assert r.prefill_computed == 10
    assert engine.pool.num_free_blocks == 7  # all freed


def test_chunked_prefill_splits_a_prompt_over_steps() -> None:
    engine = EngineSim(8, 4, Limits(max_num_batched_tokens=4, async_scheduling=False), TIMES)
    r = SimRequest("a", list(range(10)), output_tokens=1)
    run(engine, [(0.0, r)])
    # chunks of 4, 4, 2: (1 + 0.4) × 2 + (1 + 0.2); the token comes after the last chunk
    assert r.first_token_at == pytest.approx(4.0)
    assert engine.steps == 3


def test_without_chunked_prefill_a_prompt_over_budget_waits() -> None:
    limits = Limits(max_num_batched_tokens=12, chunked_prefill=False, async_scheduling=False)
    engine = EngineSim(8, 4, limits, TIMES)
    a = SimRequest("a", list(range(10)), output_tokens=2)
    b = SimRequest("b", list(range(100, 110)), output_tokens=1)
    run(engine, [(0.0, a), (0.0, b)])
    # step 1: a's 10 tokens; b's 10 do not fit in the 2 left; step 2: a decodes + b prefills
    assert a.admitted_at == 0.0
    assert b.admitted_at == pytest.approx(2.0)


def test_request_admitted_in_the_same_step_hits_blocks_being_filled() -> None:
    engine = EngineSim(16, 4, SYNC, TIMES)
    shared = list(range(8))
    a = SimRequest("a", [*shared, 50], output_tokens=1)
    b = SimRequest("b", [*shared, 60], output_tokens=1)
    run(engine, [(0.0, a), (0.0, b)])
    assert (a.metric_hit_tokens, b.metric_hit_tokens) == (0, 8)
    assert b.cached_tokens == 8
    assert engine.steps == 1  # both in one step: 9 + 1 prefill tokens


def test_max_num_seqs_keeps_the_second_request_waiting() -> None:
    engine = EngineSim(16, 4, Limits(max_num_seqs=1, async_scheduling=False), TIMES)
    a = SimRequest("a", list(range(8)), output_tokens=2)
    b = SimRequest("b", list(range(8)), output_tokens=1)
    run(engine, [(0.0, a), (0.0, b)])
    # a: prefill 1.8 s, decode 1.5 s, done at 3.3; b is admitted at the next step and hits
    # the 4 tokens of a's first block (the n − 1 cap leaves the second block to recompute)
    assert a.finished_at == pytest.approx(3.3)
    assert b.admitted_at == pytest.approx(3.3)
    assert b.metric_hit_tokens == 4


def test_in_flight_blocks_are_not_evicted() -> None:
    # 5 blocks, 4 usable. a (2 blocks) runs long; b (2 blocks) finishes and is cached;
    # c needs 2 new blocks: only b's cached ones are free, so c evicts b, never a.
    engine = EngineSim(5, 4, SYNC, StepTimes(base=1.0))
    a = SimRequest("a", list(range(8)), output_tokens=4)  # 8 + 3 tokens: 3 blocks by the end
    b = SimRequest("b", list(range(100, 104)), output_tokens=1)
    c = SimRequest("c", list(range(200, 204)), output_tokens=1)
    d = SimRequest("d", [*range(8), 7], output_tokens=1)
    run(engine, [(0.0, a), (0.0, b), (2.5, c), (3.5, d)])
    assert d.metric_hit_tokens == 8  # a's prompt blocks survived c


def test_waiting_for_blocks_then_admitted_after_a_finish() -> None:
    # 4 usable blocks; a holds 3, b needs 2: b waits until a finishes.
    engine = EngineSim(5, 4, SYNC, StepTimes(base=1.0))
    a = SimRequest("a", list(range(12)), output_tokens=2)
    b = SimRequest("b", list(range(100, 108)), output_tokens=1)
    run(engine, [(0.0, a), (0.0, b)])
    assert a.finished_at == 2.0
    assert b.admitted_at == 2.0
    assert b.preemptions == 0


def test_decode_that_does_not_fit_preempts_the_last_admitted() -> None:
    # 4 usable blocks; a and b take 1 block each, then grow by a block every 4 decode steps.
    engine = EngineSim(5, 4, SYNC, StepTimes(base=1.0))
    a = SimRequest("a", list(range(4)), output_tokens=9)  # 4 + 8 = 12 tokens: 3 blocks
    b = SimRequest("b", list(range(100, 104)), output_tokens=9)
    run(engine, [(0.0, a), (0.0, b)])
    assert (a.preemptions, b.preemptions) == (0, 1)
    assert engine.preemptions == 1
    # the counters record b's first admission only; its recompute re-reads what is cached
    assert b.metric_queries == 4
    assert b.cached_tokens == 0
    assert b.outputs == 9 and a.outputs == 9
    assert b.finished_at is not None and a.finished_at is not None
    assert b.finished_at > a.finished_at


def test_limits_reject_nonsense() -> None:
    with pytest.raises(ValueError):
        Limits(max_num_seqs=0)
    with pytest.raises(ValueError):
        SimRequest("x", [], 1)


def test_async_scheduling_keeps_one_step_ahead() -> None:
    # a: 8-token prompt, 3 tokens. Step 1 prefills; step 2 is scheduled at once, for the
    # token step 1 samples; when step 2 starts, step 3 is scheduled; nothing after that,
    # because step 3 already samples a's last token.
    engine = EngineSim(8, 4, Limits(), StepTimes(base=1.0))
    a = SimRequest("a", list(range(8)), output_tokens=3)
    end = run(engine, [(0.0, a)])
    assert (a.first_token_at, a.finished_at, end, engine.steps) == (1.0, 3.0, 3.0, 3)
    assert len(a.tokens) == 10


def test_async_scheduling_sees_an_arrival_one_step_later() -> None:
    def admitted(limits: Limits) -> float | None:
        engine = EngineSim(16, 4, limits, StepTimes(base=1.0))
        a = SimRequest("a", list(range(4)), output_tokens=4)
        b = SimRequest("b", list(range(100, 104)), output_tokens=1)
        run(engine, [(0.0, a), (0.5, b)])
        return b.admitted_at

    # synchronous: scheduled when step 1 ends; async: step 2 was scheduled before b came
    assert admitted(SYNC) == 1.0
    assert admitted(Limits()) == 2.0
