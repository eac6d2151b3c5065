"""The conversation simulator against figures worked by hand (USD per million tokens).

claude-sonnet-4-5: input 3, read 0.3, 5m write 3.75, 1h write 6, output 15; min 1024.
gpt-4o: input 2.5, read 1.25, output 10; min 1024, 128-token steps; writes free.
gpt-5.6-luna: input 0.2, read 0.02, write 0.25, output 1.2; min 1024, no rounding.
deepseek-flash: input 0.3, hit 0.006, output 1.2 (peak); units at input and output ends.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from promptlint.cost.catalog import policy_for, price_of
from promptlint.cost.simulate import Simulation, Simulator, simulate
from promptlint.cost.workload import Workload
from promptlint.wire.usage import Usage

D = Decimal


def run(model: str, ttl: str | None = None, **kw: Any) -> Simulation:
    kw.setdefault("gap_seconds", 60.0)
    return simulate(Workload(**kw), policy_for(model), price_of(model), ttl=ttl)


def test_prices_used_here_are_the_snapshot_ones() -> None:
    p = price_of("claude-sonnet-4-5")
    assert (p.input, p.cache_read, p.cache_write_5m, p.cache_write_1h, p.output) == (
        D(3),
        D("0.3"),
        D("3.75"),
        D(6),
        D(15),
    )


def test_anthropic_style_reads_previous_prompt_and_writes_the_rest() -> None:
    sim = run("claude-sonnet-4-5", system_tokens=2000, turns=3, turn_tokens=100, output_tokens=50)
    assert [t.usage for t in sim.turns] == [
        Usage(0, 0, 2100, 0, 50),  # 2000 + 100
        Usage(0, 2100, 150, 0, 50),  # 2100 + 50 + 100 = 2250
        Usage(0, 2250, 150, 0, 50),  # 2400
    ]
    # 2100*3.75 + 50*15 = 8625; 2100*0.3 + 150*3.75 + 750 = 1942.5; 2250*0.3 + 562.5 + 750 = 1987.5
    assert [t.cost_usd for t in sim.turns] == [D("0.008625"), D("0.0019425"), D("0.0019875")]
    assert sim.cost_usd == D("0.012555")
    # (2100 + 2250 + 2400) * 3 + 150 * 15 = 20250 + 2250 = 22500
    assert sim.cost_usd_without_cache == D("0.0225")
    # single request: 2100*3 + 50*15 = 7050 -> 22500/7050 = 3.19..., 12555/7050 = 1.78...
    assert sim.single_request_cost_usd == D("0.00705")
    assert round(sim.multiple(cached=False), 2) == D("3.19")
    assert round(sim.multiple(cached=True), 2) == D("1.78")


def test_anthropic_minimum_length_edge() -> None:
    sim = run("claude-sonnet-4-5", system_tokens=900, turns=3, turn_tokens=60, output_tokens=40)
    assert [t.usage for t in sim.turns] == [
        Usage(960, 0, 0, 0, 40),  # 960 < 1024: not cached at all
        Usage(0, 0, 1060, 0, 40),  # 1060 >= 1024: written, nothing to read yet
        Usage(0, 1060, 100, 0, 40),
    ]
    # 960*3 + 600 = 3480; 1060*3.75 + 600 = 4575; 1060*0.3 + 100*3.75 + 600 = 1293
    assert sim.cost_usd == D("0.009348")


def test_openai_minimum_length_edge_and_128_steps() -> None:
    sim = run("gpt-4o", system_tokens=1000, turns=3, turn_tokens=20, output_tokens=10)
    assert [t.usage for t in sim.turns] == [
        Usage(1020, 0, 0, 0, 10),  # below 1024: nothing cached
        Usage(1050, 0, 0, 0, 10),  # 1020 was never cached; 1050 caches 1024
        Usage(56, 1024, 0, 0, 10),  # 1080 - 1024
    ]
    # 1020*2.5 + 100 = 2650; 1050*2.5 + 100 = 2725; 56*2.5 + 1024*1.25 + 100 = 1520
    assert sim.cost_usd == D("0.006895")


def test_openai_reads_in_128_token_steps() -> None:
    sim = run("gpt-4o", system_tokens=2000, turns=2, turn_tokens=100, output_tokens=50)
    # turn 2 (2250 tokens) shares the 2100-token turn 1, cached as 16 * 128 = 2048
    assert sim.turns[1].usage == Usage(202, 2048, 0, 0, 50)
    # 2100*2.5 + 500 = 5750; 202*2.5 + 2048*1.25 + 500 = 505 + 2560 + 500 = 3565
    assert sim.cost_usd == D("0.009315")


def test_ttl_expiry_between_turns() -> None:
    kw = {"system_tokens": 2000, "turns": 3, "turn_tokens": 100, "output_tokens": 50}
    alive = run("claude-sonnet-4-5", gap_seconds=299, **kw)
    assert alive.cost_usd == D("0.012555")  # as in the first test
    expired = run("claude-sonnet-4-5", gap_seconds=300, **kw)  # gap == 5 m TTL: gone
    assert [t.usage.cache_read_tokens for t in expired.turns] == [0, 0, 0]
    assert [t.usage.cache_write_5m_tokens for t in expired.turns] == [2100, 2250, 2400]
    # (2100 + 2250 + 2400) * 3.75 + 3 * 750 = 25312.5 + 2250: dearer than no caching (0.0225)
    assert expired.cost_usd == D("0.0275625")
    assert expired.cost_usd > expired.cost_usd_without_cache
    one_hour = run("claude-sonnet-4-5", ttl="1h", gap_seconds=300, **kw)
    assert [t.usage for t in one_hour.turns] == [
        Usage(0, 0, 0, 2100, 50),
        Usage(0, 2100, 0, 150, 50),
        Usage(0, 2250, 0, 150, 50),
    ]
    # 2100*6 + 750 = 13350; 630 + 900 + 750 = 2280; 675 + 900 + 750 = 2325
    assert one_hour.cost_usd == D("0.017955")


def test_openai_idle_expiry() -> None:
    sim = run(
        "gpt-4o", gap_seconds=301, system_tokens=2000, turns=2, turn_tokens=100, output_tokens=50
    )
    assert sim.turns[1].usage.cache_read_tokens == 0


@pytest.mark.parametrize(
    ("ttl", "turns", "expected", "beats_uncached"),
    [
        # 100k-token prompt written once, then read (turns - 1) times; uncached: 300000/turn.
        ("5m", 2, D("0.405"), True),  # 100000*3.75 + 100000*0.3: one read pays for a 5m write
        ("1h", 2, D("0.63"), False),  # 100000*6 + 100000*0.3 = 0.63 > 0.60
        ("1h", 3, D("0.66"), True),  # 600000 + 2*30000 = 0.66 < 0.90: two reads pay for 1h
    ],
)
def test_1h_vs_5m_break_even(ttl: str, turns: int, expected: Decimal, beats_uncached: bool) -> None:
    sim = run(
        "claude-sonnet-4-5",
        ttl=ttl,
        system_tokens=100_000,
        turns=turns,
        turn_tokens=0,
        output_tokens=0,
    )
    assert sim.cost_usd == expected
    assert (sim.cost_usd < sim.cost_usd_without_cache) is beats_uncached


def test_1h_wins_when_gaps_exceed_5_minutes() -> None:
    kw = {
        "system_tokens": 100_000,
        "turns": 3,
        "turn_tokens": 0,
        "output_tokens": 0,
        "gap_seconds": 600,
    }
    five = run("claude-sonnet-4-5", ttl="5m", **kw)
    hour = run("claude-sonnet-4-5", ttl="1h", **kw)
    assert five.cost_usd == D("1.125")  # three 5m writes of 100k: 3 * 375000
    assert hour.cost_usd == D("0.66")


def test_deepseek_caches_the_answer_too() -> None:
    sim = run("deepseek-flash", system_tokens=1000, turns=2, turn_tokens=100, output_tokens=50)
    assert sim.turns[1].usage == Usage(100, 1150, 0, 0, 50)  # 1000+100+50 read, new 100 missed
    # 1100*0.3 + 50*1.2 = 390; 100*0.3 + 1150*0.006 + 60 = 96.9
    assert sim.cost_usd == D("0.0004869")
    off_peak = price_of("deepseek-flash").scaled(D("0.5"), "off-peak")
    sim2 = simulate(
        Workload(1000, 2, 100, 50, gap_seconds=60), policy_for("deepseek-flash"), off_peak
    )
    assert sim2.cost_usd == D("0.00024345")


def test_gpt_5_6_pays_for_writes() -> None:
    sim = run("gpt-5.6-luna", system_tokens=2000, turns=2, turn_tokens=100, output_tokens=50)
    assert [t.usage for t in sim.turns] == [Usage(0, 0, 2100, 0, 50), Usage(0, 2100, 150, 0, 50)]
    # 2100*0.25 + 50*1.2 = 585; 2100*0.02 + 150*0.25 + 60 = 42 + 37.5 + 60 = 139.5
    assert sim.cost_usd == D("0.0007245")


def test_shared_system_across_sessions() -> None:
    kw = {"system_tokens": 2000, "turns": 1, "turn_tokens": 100, "output_tokens": 50, "sessions": 2}
    openai = run("gpt-4o", **kw)
    assert openai.turns[1].usage == Usage(180, 1920, 0, 0, 50)  # 2000 shared -> 15*128
    unique = run("gpt-4o", shared_system=False, **kw)
    assert unique.turns[1].usage.cache_read_tokens == 0
    # Anthropic's automatic breakpoint sits at the end of each request: the other session's
    # entry (system + its own input) does not match, unless the system prompt has one too.
    plain = run("claude-sonnet-4-5", **kw)
    assert plain.turns[1].usage.cache_read_tokens == 0
    with_bp = run("claude-sonnet-4-5", system_breakpoint=True, **kw)
    assert with_bp.turns[1].usage == Usage(0, 2000, 100, 0, 50)


def test_anthropic_lookback_of_20_blocks() -> None:
    pol = policy_for("claude-sonnet-4-5")
    price = price_of("claude-sonnet-4-5")
    first = [("sys", 2000), ("u1", 100)]
    # Anthropic: the lookback covers 20 blocks before the breakpoint's own block;
    # more than 20 blocks between the entry and the breakpoint is a miss.
    for extra, expected_read in ((20, 2100), (21, 0)):
        sim = Simulator(pol, price)
        sim.request(first, ("a1", 10), 0)
        # The new request appends `extra` blocks; the old entry ends `extra` blocks before
        # the new breakpoint's block, which the lookback counts too.
        later = first + [(f"b{i}", 10) for i in range(extra)]
        assert sim.request(later, ("a2", 10), 1).cache_read_tokens == expected_read


def test_workload_rejects_negative_numbers() -> None:
    with pytest.raises(ValueError):
        Workload(system_tokens=-1, turns=1, turn_tokens=1, output_tokens=1)


def test_gemini_explicit_cache_creation_storage_and_expiry() -> None:
    # gemini-2.5-pro: input 1.25, read 0.125, output 10; storage 4.5 per Mtok-hour (overlay).
    from promptlint.cost.simulate import simulate_explicit

    model = "gemini-2.5-pro"
    pol, price = policy_for(model), price_of(model)
    assert pol.storage_usd_per_mtok_hour == D("4.5")
    assert pol.explicit_cache_ttl_seconds == 3600
    w = Workload(system_tokens=20000, turns=4, turn_tokens=1000, output_tokens=500, gap_seconds=60)
    sim = simulate_explicit(w, pol, price, 3600, D("4.5"))
    assert [t.usage for t in sim.turns][:2] == [
        Usage(1000, 20000, 0, 0, 500),
        Usage(2500, 20000, 0, 0, 500),  # 1000 + 500 + 1000 after the cached system prompt
    ]
    assert sim.explicit_cache is not None
    assert sim.explicit_cache.creations == 1
    # creation 20000*1.25 = 25000 -> $0.025; storage 20000 tokens * 1 h * 4.5 -> $0.09
    assert sim.explicit_cache.creation_cost_usd == D("0.025")
    assert sim.explicit_cache.storage_cost_usd == D("0.09")
    # turns: (1000 + 2500 + 4000 + 5500)*1.25 + 4*20000*0.125 + 4*500*10
    #      = 16250 + 10000 + 20000 = 46250 -> 0.04625; + 0.025 + 0.09
    assert sim.cost_usd == D("0.16125")
    # A 90 s TTL with 60 s gaps: created at 0, alive at 60, expired at 120 (re-created), 180.
    short = simulate_explicit(w, pol, price, 90, D("4.5"))
    assert short.explicit_cache is not None and short.explicit_cache.creations == 2
    # storage 2 * 20000 * 90 s = 3,600,000 token-seconds = 1000 token-hours -> $0.0045
    assert short.explicit_cache.storage_cost_usd == D("0.0045")
    with pytest.raises(ValueError, match="at least 2048"):
        simulate_explicit(Workload(1000, 2, 10, 10), pol, price, 3600, D("4.5"))
