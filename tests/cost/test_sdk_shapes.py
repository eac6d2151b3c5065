"""Usage objects built with the vendors' own SDK types (generated from their API specs).

If a field name changed upstream, these break rather than our hand-written fixtures.
"""

from __future__ import annotations

from decimal import Decimal

import anthropic.types as at
from openai.types import CompletionUsage
from openai.types.completion_usage import PromptTokensDetails
from openai.types.responses import ResponseUsage
from openai.types.responses.response_usage import (
    InputTokensDetails,
    InputTokensDetailsCacheWriteTokensDetails,
    OutputTokensDetails,
)

from promptlint.cost.catalog import policy_for, price_of
from promptlint.cost.prices import cost_of
from promptlint.cost.simulate import simulate
from promptlint.cost.workload import Workload
from promptlint.wire.usage import Usage, normalize_usage


def test_openai_chat_sdk_usage() -> None:
    usage = CompletionUsage(
        prompt_tokens=4000,
        completion_tokens=100,
        total_tokens=4100,
        prompt_tokens_details=PromptTokensDetails(cached_tokens=3840, cache_write_tokens=0),
    )
    assert normalize_usage(usage.model_dump()) == Usage(160, 3840, 0, 0, 100)


def test_openai_responses_sdk_usage_with_30m_and_12h_writes() -> None:
    usage = ResponseUsage(
        input_tokens=10_000,
        input_tokens_details=InputTokensDetails(
            cached_tokens=6000,
            cache_write_tokens=3000,
            cache_write_tokens_details=InputTokensDetailsCacheWriteTokensDetails(
                ttl_30m_tokens=1000, ttl_12h_tokens=2000
            ),
        ),
        output_tokens=500,
        output_tokens_details=OutputTokensDetails(reasoning_tokens=200),
        total_tokens=10_500,
    )
    u = normalize_usage(usage.model_dump())
    assert u == Usage(1000, 6000, 1000, 2000, 500)
    # gpt-5.6-sol: input 4, read 0.4, 30m write 5, 12h write 10, output 20 (LiteLLM).
    # 1000*4 + 6000*0.4 + 1000*5 + 2000*10 + 500*20 = 4000 + 2400 + 5000 + 20000 + 10000
    assert cost_of(u, price_of("gpt-5.6-sol")) == Decimal("0.0414")


def test_anthropic_sdk_usage_and_streaming_delta() -> None:
    start = at.Usage(
        input_tokens=8,
        output_tokens=1,
        cache_creation_input_tokens=1200,
        cache_read_input_tokens=5000,
        cache_creation=at.CacheCreation(
            ephemeral_5m_input_tokens=200, ephemeral_1h_input_tokens=1000
        ),
    )
    assert normalize_usage(start.model_dump()) == Usage(8, 5000, 200, 1000, 1)
    delta = at.MessageDeltaUsage(
        input_tokens=8,
        output_tokens=300,
        cache_creation_input_tokens=1200,
        cache_read_input_tokens=5000,
    )
    # The delta alone has no 5m/1h split: counted as 5m unless told otherwise.
    assert normalize_usage(delta.model_dump()) == Usage(8, 5000, 1200, 0, 300)
    from promptlint.wire.usage import merge_anthropic_stream

    merged = merge_anthropic_stream(start.model_dump(), delta.model_dump())
    assert normalize_usage(merged) == Usage(8, 5000, 200, 1000, 300)


def test_simulated_12h_writes_use_the_12h_price() -> None:
    model = "gpt-5.6-sol"
    w = Workload(system_tokens=2000, turns=2, turn_tokens=100, output_tokens=50, gap_seconds=60)
    sim = simulate(w, policy_for(model), price_of(model), ttl="12h")
    assert [t.usage for t in sim.turns] == [Usage(0, 0, 0, 2100, 50), Usage(0, 2100, 0, 150, 50)]
    # 2100*10 + 50*20 = 22000; 2100*0.4 + 150*10 + 1000 = 840 + 1500 + 1000 = 3340
    assert sim.cost_usd == Decimal("0.02534")
