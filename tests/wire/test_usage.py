"""normalize_usage on each provider's usage object, exactly as the APIs return them."""

from __future__ import annotations

import pytest

from promptlint.wire.usage import Usage, detect_shape, normalize_usage


def test_openai_chat_cached_tokens_are_a_subset_of_prompt_tokens() -> None:
    raw = {
        "prompt_tokens": 2006,
        "completion_tokens": 300,
        "total_tokens": 2306,
        "prompt_tokens_details": {"cached_tokens": 1920, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 0},
    }
    u = normalize_usage(raw)
    # 2006 prompt tokens of which 1920 cached: 86 uncached, never 2006 + 1920.
    assert u == Usage(uncached_input_tokens=86, cache_read_tokens=1920, output_tokens=300)
    assert u.input_tokens == 2006


def test_openai_chat_cache_write_tokens_are_also_inside_prompt_tokens() -> None:
    raw = {
        "prompt_tokens": 5000,
        "completion_tokens": 10,
        "prompt_tokens_details": {"cached_tokens": 3000, "cache_write_tokens": 1500},
    }
    u = normalize_usage(raw)
    assert u == Usage(500, 3000, 1500, 0, 10)


def test_openai_chat_streaming_final_chunk_usage_with_null_details() -> None:
    chunk_usage = {"prompt_tokens": 40, "completion_tokens": 7, "prompt_tokens_details": None}
    assert normalize_usage(chunk_usage) == Usage(40, 0, 0, 0, 7)


def test_openai_responses() -> None:
    raw = {
        "input_tokens": 3200,
        "input_tokens_details": {"cached_tokens": 2944, "cache_write_tokens": 0},
        "output_tokens": 120,
        "output_tokens_details": {"reasoning_tokens": 64},
        "total_tokens": 3320,
    }
    assert detect_shape(raw) == "openai-responses"
    assert normalize_usage(raw) == Usage(256, 2944, 0, 0, 120)


def test_anthropic_cache_tokens_are_in_addition_to_input_tokens() -> None:
    raw = {
        "input_tokens": 12,
        "cache_creation_input_tokens": 1500,
        "cache_read_input_tokens": 9000,
        "cache_creation": {"ephemeral_5m_input_tokens": 1500, "ephemeral_1h_input_tokens": 0},
        "output_tokens": 250,
        "service_tier": "standard",
    }
    u = normalize_usage(raw)
    assert u == Usage(12, 9000, 1500, 0, 250)
    assert u.input_tokens == 12 + 9000 + 1500


def test_anthropic_1h_writes_stay_1h() -> None:
    raw = {
        "input_tokens": 5,
        "cache_creation_input_tokens": 3000,
        "cache_read_input_tokens": 0,
        "cache_creation": {"ephemeral_5m_input_tokens": 1000, "ephemeral_1h_input_tokens": 2000},
        "output_tokens": 9,
    }
    assert normalize_usage(raw) == Usage(5, 0, 1000, 2000, 9)


def test_anthropic_split_must_add_up() -> None:
    raw = {
        "input_tokens": 5,
        "cache_creation_input_tokens": 3000,
        "cache_creation": {"ephemeral_5m_input_tokens": 1000, "ephemeral_1h_input_tokens": 0},
        "output_tokens": 9,
    }
    with pytest.raises(ValueError, match="does not add up"):
        normalize_usage(raw)


def test_anthropic_streaming_delta_without_split_uses_the_given_ttl() -> None:
    delta = {
        "input_tokens": 3,
        "cache_creation_input_tokens": 800,
        "cache_read_input_tokens": 4000,
        "output_tokens": 77,
    }
    assert normalize_usage(delta) == Usage(3, 4000, 800, 0, 77)
    assert normalize_usage(delta, unsplit_write_ttl="1h") == Usage(3, 4000, 0, 800, 77)


def test_gemini_prompt_token_count_includes_cached() -> None:
    response = {
        "candidates": [],
        "usageMetadata": {
            "promptTokenCount": 10000,
            "cachedContentTokenCount": 8192,
            "candidatesTokenCount": 400,
            "thoughtsTokenCount": 100,
            "totalTokenCount": 10500,
        },
        "modelVersion": "gemini-2.5-flash",
    }
    assert normalize_usage(response) == Usage(1808, 8192, 0, 0, 500)
    snake = {"prompt_token_count": 10, "candidates_token_count": 2}
    assert normalize_usage(snake) == Usage(10, 0, 0, 0, 2)


def test_deepseek_hit_and_miss() -> None:
    raw = {
        "prompt_tokens": 1000,
        "completion_tokens": 50,
        "prompt_cache_hit_tokens": 896,
        "prompt_cache_miss_tokens": 104,
    }
    assert normalize_usage(raw) == Usage(104, 896, 0, 0, 50)
    bad = dict(raw)
    bad["prompt_cache_miss_tokens"] = 200
    with pytest.raises(ValueError, match="!= prompt_tokens"):
        normalize_usage(bad)


def test_bedrock_converse() -> None:
    raw = {
        "inputTokens": 20,
        "outputTokens": 30,
        "totalTokens": 3050,
        "cacheReadInputTokens": 2000,
        "cacheWriteInputTokens": 1000,
    }
    assert normalize_usage(raw) == Usage(20, 2000, 1000, 0, 30)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"tokens": 5}, "no known shape"),
        ({"prompt_tokens": -1, "completion_tokens": 2}, "negative"),
        ({"prompt_tokens": "12", "completion_tokens": 2}, "whole number"),
        ({"completion_tokens": 2, "prompt_tokens_details": {}}, "no known shape"),
        ({"prompt_tokens": 10, "prompt_tokens_details": {"cached_tokens": 11}}, "exceed"),
        ({"cache_read_input_tokens": 10}, "missing 'input_tokens'"),
    ],
)
def test_bad_usage_is_a_value_error(raw: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        normalize_usage(raw)


def test_forced_shape() -> None:
    raw = {"input_tokens": 10, "output_tokens": 2}
    assert normalize_usage(raw, shape="openai-responses") == Usage(10, 0, 0, 0, 2)
    with pytest.raises(ValueError, match="unknown usage shape"):
        normalize_usage(raw, shape="cohere")


def test_mistral_alias_prompt_token_details() -> None:
    raw = {
        "prompt_tokens": 3000,
        "completion_tokens": 20,
        "prompt_token_details": {"cached_tokens": 2048},
    }
    assert normalize_usage(raw) == Usage(952, 2048, 0, 0, 20)


def test_deepseek_through_the_openai_chat_shape_keeps_its_hits() -> None:
    # A proxy knows only the API (openai-chat); DeepSeek's hit/miss counts must still count.
    raw = {
        "prompt_tokens": 1000,
        "completion_tokens": 50,
        "prompt_cache_hit_tokens": 896,
        "prompt_cache_miss_tokens": 104,
        "prompt_tokens_details": {"cached_tokens": 896},
    }
    assert normalize_usage(raw, shape="openai-chat") == Usage(104, 896, 0, 0, 50)


def test_stream_delta_with_only_output_tokens_keeps_the_cache_counts() -> None:
    # Older streams: message_delta carries only output_tokens. Reading just the delta would
    # lose the cache read and bill those tokens as nothing (or as input elsewhere).
    from promptlint.wire.usage import merge_anthropic_stream

    start = {
        "input_tokens": 4,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 12000,
        "output_tokens": 1,
    }
    merged = merge_anthropic_stream(start, {"output_tokens": 321})
    assert normalize_usage(merged) == Usage(4, 12000, 0, 0, 321)


def test_stream_delta_that_changes_the_write_total_drops_a_stale_split() -> None:
    from promptlint.wire.usage import merge_anthropic_stream

    start = {
        "input_tokens": 4,
        "cache_creation_input_tokens": 100,
        "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 100},
        "output_tokens": 1,
    }
    merged = merge_anthropic_stream(start, {"cache_creation_input_tokens": 150, "output_tokens": 9})
    assert "cache_creation" not in merged
    assert normalize_usage(merged, unsplit_write_ttl="1h") == Usage(4, 0, 0, 150, 9)


def test_bedrock_converse_cache_details_split_by_ttl() -> None:
    # Shape from botocore's bedrock-runtime model (TokenUsage.cacheDetails, 1h before 5m).
    raw = {
        "inputTokens": 16,
        "outputTokens": 8,
        "totalTokens": 3024,
        "cacheReadInputTokens": 0,
        "cacheWriteInputTokens": 3000,
        "cacheDetails": [{"ttl": "1h", "inputTokens": 2000}, {"ttl": "5m", "inputTokens": 1000}],
    }
    assert normalize_usage(raw) == Usage(16, 0, 1000, 2000, 8)
    raw["cacheDetails"] = [{"ttl": "1h", "inputTokens": 5}]
    with pytest.raises(ValueError, match="does not add up"):
        normalize_usage(raw)


def test_bedrock_converse_total_tells_whether_input_includes_the_cache() -> None:
    # totalTokens = 16 + 8 + 1065: inputTokens excludes the cache write.
    exclusive = {
        "inputTokens": 16,
        "outputTokens": 8,
        "totalTokens": 1089,
        "cacheReadInputTokens": 0,
        "cacheWriteInputTokens": 1065,
    }
    assert normalize_usage(exclusive) == Usage(16, 0, 1065, 0, 8)
    inclusive = {
        "inputTokens": 1081,
        "outputTokens": 8,
        "totalTokens": 1089,
        "cacheReadInputTokens": 0,
        "cacheWriteInputTokens": 1065,
    }
    assert normalize_usage(inclusive) == Usage(16, 0, 1065, 0, 8)
