"""Prices, model-name resolution and cost arithmetic, checked against figures worked by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from promptlint.cost.catalog import policy_for, price_of
from promptlint.cost.prices import cost_of, cost_without_cache, lost_cost
from promptlint.errors import UserError
from promptlint.wire.usage import Usage, normalize_usage

D = Decimal


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("claude-sonnet-4-5", "claude-sonnet-4-5"),
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5-20250929"),
        ("anthropic/claude-sonnet-4.5", "claude-sonnet-4-5"),
        ("Anthropic/Claude-Sonnet-4-5-20250929", "claude-sonnet-4-5-20250929"),
        ("models/gemini-2.5-flash", "gemini-2.5-flash"),
        ("anthropic/claude-sonnet-4.5", "claude-sonnet-4-5"),
        ("Anthropic/Claude-Sonnet-4-5-20250929", "claude-sonnet-4-5-20250929"),
        ("models/gemini-2.5-flash", "gemini-2.5-flash"),
        ("gpt-4o-2024-08-06", "gpt-4o-2024-08-06"),
        ("openai/gpt-4o", "gpt-4o"),
        ("openai/gpt-5.4-2026-03-05", "gpt-5.4-2026-03-05"),
        (
            "bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0",
            "anthropic.claude-sonnet-4-5-20250929-v1:0",
        ),
        ("gemini-2.5-flash", "gemini-2.5-flash"),
        ("deepseek/deepseek-flash", "deepseek/deepseek-flash"),
    ],
)
def test_names_resolve(name: str, key: str) -> None:
    assert price_of(name).name == key


def test_dated_suffix_falls_back_to_the_undated_entry() -> None:
    # Not in LiteLLM under this date: the family's undated price applies.
    assert price_of("gpt-4.1-2099-01-01").name == "gpt-4.1"
    assert price_of("anthropic/claude-opus-4-8-20990101").name == "claude-opus-4-8"


def test_unknown_model_suggests_close_names() -> None:
    with pytest.raises(UserError) as info:
        price_of("claude-sonet-4-5")
    text = str(info.value)
    assert "unknown model 'claude-sonet-4-5'" in text
    assert "claude-sonnet-4-5" in text
    assert "\n" not in text


def test_snapshot_prices_are_exact_per_million() -> None:
    p = price_of("claude-sonnet-4-5")
    # LiteLLM: 3e-06, 1.5e-05, 3e-07, 3.75e-06, 6e-06 USD per token.
    assert (p.input, p.output, p.cache_read, p.cache_write_5m, p.cache_write_1h) == (
        D(3),
        D(15),
        D("0.3"),
        D("3.75"),
        D(6),
    )
    assert p.provider == "anthropic"
    assert p.date and p.source


def test_anthropic_cost_by_hand() -> None:
    p = price_of("claude-sonnet-4-5")
    usage = normalize_usage(
        {
            "input_tokens": 100,
            "cache_creation_input_tokens": 3000,
            "cache_read_input_tokens": 20000,
            "cache_creation": {
                "ephemeral_5m_input_tokens": 1000,
                "ephemeral_1h_input_tokens": 2000,
            },
            "output_tokens": 500,
        }
    )
    # 100*3 + 20000*0.3 + 1000*3.75 + 2000*6 + 500*15 = 300 + 6000 + 3750 + 12000 + 7500
    # = 29550 per million -> $0.02955
    assert cost_of(usage, p) == D("0.02955")
    # without cache: 23100*3 + 500*15 = 69300 + 7500 = 76800 -> $0.0768
    assert cost_without_cache(usage, p) == D("0.0768")


def test_1h_writes_priced_as_1h_not_5m() -> None:
    p = price_of("claude-haiku-4-5")
    one_hour = Usage(cache_write_1h_tokens=1_000_000)
    five_min = Usage(cache_write_5m_tokens=1_000_000)
    assert cost_of(one_hour, p) == D(2)  # Haiku 4.5: input $1, 1h write 2x
    assert cost_of(five_min, p) == D("1.25")


def test_openai_cached_tokens_not_double_counted() -> None:
    p = price_of("gpt-4o")
    usage = normalize_usage(
        {
            "prompt_tokens": 10_000,
            "completion_tokens": 1_000,
            "prompt_tokens_details": {"cached_tokens": 8_064},
        }
    )
    # 1936 * 2.5 + 8064 * 1.25 + 1000 * 10 = 4840 + 10080 + 10000 = 24920 -> $0.02492
    assert cost_of(usage, p) == D("0.02492")
    # The trap: billing prompt_tokens in full *and* cached_tokens again would be
    # 10000*2.5 + 8064*1.25 + 10000 = 45080 -> $0.04508.
    assert cost_of(usage, p) != D("0.04508")


def test_openai_writes_free_before_5_6_and_billed_after() -> None:
    old = price_of("gpt-5.4")
    assert old.cache_write_5m == old.input  # no write fee: written tokens bill as input
    new = price_of("gpt-5.6-luna")
    assert new.cache_write_5m == D("0.25")  # 1.25 x 0.20
    usage = Usage(uncached_input_tokens=1000, cache_write_5m_tokens=4000, output_tokens=100)
    # 1000*0.2 + 4000*0.25 + 100*1.2 = 200 + 1000 + 120 = 1320 -> $0.00132
    assert cost_of(usage, new) == D("0.00132")


def test_deepseek_writes_bill_as_input_not_zero() -> None:
    p = price_of("deepseek-flash")
    # LiteLLM lists cache_creation_input_token_cost 0.0; DeepSeek has no write fee, so a
    # "write" is simply a miss at the input price.
    assert p.cache_write_5m == p.input == D("0.3")
    usage = normalize_usage(
        {
            "prompt_tokens": 5000,
            "completion_tokens": 200,
            "prompt_cache_hit_tokens": 4864,
            "prompt_cache_miss_tokens": 136,
        }
    )
    # 136*0.3 + 4864*0.006 + 200*1.2 = 40.8 + 29.184 + 240 = 309.984 -> $0.000309984
    assert cost_of(usage, p) == D("0.000309984")


def test_gemini_cost_by_hand() -> None:
    p = price_of("gemini/gemini-2.5-flash")
    usage = normalize_usage(
        {
            "usageMetadata": {
                "promptTokenCount": 10000,
                "cachedContentTokenCount": 8000,
                "candidatesTokenCount": 1000,
            }
        }
    )
    # 2000*0.3 + 8000*0.03 + 1000*2.5 = 600 + 240 + 2500 = 3340 -> $0.00334
    assert (p.input, p.cache_read, p.output) == (D("0.3"), D("0.03"), D("2.5"))
    assert cost_of(usage, p) == D("0.00334")


def test_long_context_tier_applies_to_the_whole_request() -> None:
    p = price_of("gpt-5.6-luna")
    small = Usage(uncached_input_tokens=272_000, output_tokens=1000)
    big = Usage(uncached_input_tokens=272_001, output_tokens=1000)
    # <= 272k: 272000*0.2 + 1000*1.2 = 54400 + 1200 = 55600 -> $0.0556
    assert cost_of(small, p) == D("0.0556")
    # > 272k: 2x input, 1.5x output: 272001*0.4 + 1000*1.8 = 108800.4 + 1800 -> $0.1106004
    assert cost_of(big, p) == D("0.1106004")


def test_lost_cost() -> None:
    p = price_of("claude-sonnet-4-5")
    # 10000 tokens at (3 - 0.3) per million = $0.027
    assert lost_cost(10_000, p) == D("0.027")


def test_overrides_replace_prices() -> None:
    p = price_of("claude-sonnet-4-5").with_overrides(input=D(4), cache_read=D("0.5"))
    assert cost_of(Usage(1_000_000, 1_000_000), p) == D("4.5")
    assert p.origins["input"] == "override"
    with pytest.raises(UserError):
        price_of("claude-sonnet-4-5").with_overrides(output=D(-1))


def test_policies_per_model() -> None:
    assert policy_for("gpt-4o").min_cacheable_tokens == 1024
    assert policy_for("gpt-4o").granularity == 128
    assert policy_for("gpt-5.6-luna").granularity == 1
    assert policy_for("claude-haiku-4-5").min_cacheable_tokens == 4096
    assert policy_for("claude-opus-4-7").min_cacheable_tokens == 2048
    assert policy_for("claude-sonnet-4-5").ttl_seconds == 300
    assert policy_for("claude-sonnet-4-5", ttl="1h").ttl_seconds == 3600
    # Bedrock documents a higher minimum for Sonnet 4.6 than Anthropic does.
    assert policy_for("bedrock/anthropic.claude-sonnet-4-6").min_cacheable_tokens == 2048
    assert policy_for("claude-sonnet-4-6").min_cacheable_tokens == 1024
    assert policy_for("deepseek-flash").caches_output
    with pytest.raises(UserError, match="offers no TTL"):
        policy_for("gpt-4o", ttl="1h")


def test_policy_for_an_unknown_model_does_not_raise() -> None:
    pol = policy_for("some-new-model", provider="anthropic")
    assert pol.provider == "anthropic" and pol.style == "breakpoint"
    generic = policy_for("totally-unknown")
    assert generic.provider == "generic"
    assert generic.assumptions


def test_predict_read_openai_rounds_to_128_from_1024() -> None:
    pol = policy_for("gpt-4o")
    assert pol.predict_read(1023, 5000, 10) == 0
    assert pol.predict_read(1024, 5000, 10) == 1024
    assert pol.predict_read(1151, 5000, 10) == 1024
    assert pol.predict_read(1152, 5000, 10) == 1152
    assert pol.predict_read(3000, 2000, 10) == 1920  # never more than the prompt
    assert pol.predict_read(3000, 5000, 301) == 0  # idle past the TTL


def test_predict_read_anthropic_breakpoints() -> None:
    pol = policy_for("claude-sonnet-4-5")
    # Entries at 1500 and 4000; the match stops at 3999: only the 1500 entry is whole.
    assert pol.predict_read(3999, 6000, 60, breakpoints=[1500, 4000]) == 1500
    assert pol.predict_read(4000, 6000, 60, breakpoints=[1500, 4000]) == 4000
    # An entry below the model minimum was never written.
    assert pol.predict_read(3999, 6000, 60, breakpoints=[900]) == 0
    assert pol.predict_read(4000, 6000, 300, breakpoints=[4000]) == 0  # gap == TTL: gone
    assert policy_for("claude-sonnet-4-5", ttl="1h").predict_read(4000, 6000, 300, [4000]) == 4000


def test_every_snapshot_model_resolves_to_itself_and_simulates() -> None:
    from promptlint.cost.catalog import model_names
    from promptlint.cost.simulate import simulate
    from promptlint.cost.workload import Workload

    names = model_names()
    assert len(names) > 1000
    w = Workload(system_tokens=3000, turns=3, turn_tokens=500, output_tokens=200, gap_seconds=30)
    for name in names:
        price = price_of(name)
        assert price.name == name
        assert D(0) <= price.cache_read <= price.input, name
        sim = simulate(w, policy_for(name), price)
        assert sim.cost_usd >= 0, name
        if sim.style != "breakpoint":  # no write premium: caching never costs more
            assert sim.cost_usd <= sim.cost_usd_without_cache, name


def test_model_without_cache_price_bills_reads_as_input() -> None:
    p = price_of("gpt-3.5-turbo")
    assert p.cache_read == p.input
    assert "billed as input" in p.origins["cache_read"]


def test_cost_breakdown_uses_the_whole_requests_tier() -> None:
    from promptlint.cost.prices import cost_breakdown

    p = price_of("gpt-5.6-luna")
    usage = Usage(uncached_input_tokens=2_000, cache_read_tokens=271_000, output_tokens=1000)
    parts = cost_breakdown(usage, p)
    # 273000 input tokens > 272k: every class at the long-context tier.
    assert parts["uncached_input"] == D("0.0008")  # 2000 * 0.4
    assert parts["cache_read"] == D("0.01084")  # 271000 * 0.04
    assert parts["output"] == D("0.0018")  # 1000 * 1.8
    assert sum(parts.values()) == cost_of(usage, p)
