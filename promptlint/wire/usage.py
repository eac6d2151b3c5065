"""Token usage normalised across providers: four input classes plus output.

OpenAI's `cached_tokens` is a *subset* of `prompt_tokens`; Anthropic's cache tokens are
*in addition to* `input_tokens`; Gemini's `promptTokenCount` includes cached tokens.
Everything downstream speaks only this shape.

The two write classes are the provider's short and long cache lifetimes: Anthropic/Bedrock
5 m and 1 h; OpenAI GPT-5.6+ 30 m and 12 h (`cache_write_tokens_details`). Prices follow
the same split (`ModelPrice.cache_write_5m` / `cache_write_1h`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Usage:
    uncached_input_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_5m_tokens: int = 0
    cache_write_1h_tokens: int = 0
    output_tokens: int = 0

    @property
    def cache_write_tokens(self) -> int:
        return self.cache_write_5m_tokens + self.cache_write_1h_tokens

    @property
    def input_tokens(self) -> int:
        """Every prompt token, whichever way it was billed."""
        return self.uncached_input_tokens + self.cache_read_tokens + self.cache_write_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.uncached_input_tokens + other.uncached_input_tokens,
            self.cache_read_tokens + other.cache_read_tokens,
            self.cache_write_5m_tokens + other.cache_write_5m_tokens,
            self.cache_write_1h_tokens + other.cache_write_1h_tokens,
            self.output_tokens + other.output_tokens,
        )


# Shapes normalize_usage knows, in the order detection tries them.
SHAPES = (
    "openai-chat",
    "openai-responses",
    "openai-realtime",
    "anthropic",
    "gemini",
    "deepseek",
    "bedrock",
)


def normalize_usage(
    usage: Mapping[str, Any],
    shape: str | None = None,
    *,
    unsplit_write_ttl: str = "5m",
) -> Usage:
    """Turn a provider's usage object (exactly as returned) into a `Usage`.

    `shape` forces one of `SHAPES`; without it the shape is detected from the field names.
    Anthropic writes without the `cache_creation` TTL split (e.g. a streaming
    `message_delta`) are counted as `unsplit_write_ttl` writes. Raises `ValueError` for
    an unknown shape and for missing, negative or non-integer counts.
    """
    if not isinstance(usage, Mapping):
        raise ValueError(f"usage must be a JSON object, not {type(usage).__name__}")
    usage = _unwrap(usage)
    if shape is None:
        shape = detect_shape(usage)
    elif shape == "openai-chat" and usage.keys() & {
        "prompt_cache_hit_tokens",
        "prompt_cache_miss_tokens",
    }:
        # DeepSeek speaks the OpenAI chat API but reports its cache as hit/miss counts.
        shape = "deepseek"
    parser = _PARSERS.get(shape)
    if parser is None:
        raise ValueError(f"unknown usage shape {shape!r} (known: {', '.join(SHAPES)})")
    if unsplit_write_ttl not in ("5m", "1h"):
        raise ValueError(f"unsplit_write_ttl must be '5m' or '1h', not {unsplit_write_ttl!r}")
    return parser(usage, unsplit_write_ttl)


# The usage shape each wire API reports (DeepSeek's chat usage is told apart by its fields).
SHAPE_OF_API = {
    "openai-chat": "openai-chat",
    "openai-completions": "openai-chat",
    "openai-responses": "openai-responses",
    "openai-realtime": "openai-realtime",
    "anthropic-messages": "anthropic",
}


def usage_of(usage: Mapping[str, Any], api: str) -> Usage | None:
    """The usage a response of `api` reported, or None when it is of no known shape or its
    counts do not add up (the record then says its tokens are our own estimate)."""
    try:
        return normalize_usage(usage, SHAPE_OF_API.get(api))
    except ValueError:
        pass
    try:
        return normalize_usage(usage)  # a gateway answering in another provider's shape
    except ValueError:
        return None


def detect_shape(usage: Mapping[str, Any]) -> str:
    """Name the provider shape of a usage object from its field names; ValueError if none."""
    keys = set(usage)
    if "usageMetadata" in keys or "usage_metadata" in keys:
        return "gemini"
    if keys & {"promptTokenCount", "prompt_token_count", "candidatesTokenCount"}:
        return "gemini"
    if keys & {"prompt_cache_hit_tokens", "prompt_cache_miss_tokens"}:
        return "deepseek"
    if keys & {"inputTokens", "cacheReadInputTokens", "cacheWriteInputTokens"}:
        return "bedrock"
    if keys & {"cache_creation_input_tokens", "cache_read_input_tokens", "cache_creation"}:
        return "anthropic"
    if "prompt_tokens" in keys:
        return "openai-chat"
    if "input_tokens" in keys:
        # Responses usage always carries the details objects or total_tokens; Anthropic never
        # has total_tokens. A bare {input_tokens, output_tokens} prices the same either way.
        if keys & {"input_tokens_details", "output_tokens_details", "total_tokens"}:
            return "openai-responses"
        return "anthropic"
    raise ValueError(
        "usage object of no known shape (fields: " + ", ".join(sorted(map(str, keys))) + ")"
    )


def _unwrap(usage: Mapping[str, Any]) -> Mapping[str, Any]:
    # Accept the Gemini response wrapper {"usageMetadata": {...}} as well as its inner object.
    for key in ("usageMetadata", "usage_metadata"):
        inner = usage.get(key)
        if isinstance(inner, Mapping):
            return inner
    return usage


def usage_count(obj: Mapping[str, Any], key: str, *, required: bool = False) -> int:
    """`obj[key]` as a token count: absent or null is 0 (or an error when `required`); a
    negative or fractional count is a `ValueError` naming the field."""
    if key not in obj or obj[key] is None:
        if required:
            raise ValueError(f"usage is missing {key!r}")
        return 0
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise ValueError(f"usage field {key!r} must be a whole number, not {value!r}")
    if value < 0:
        raise ValueError(f"usage field {key!r} is negative ({value})")
    return int(value)


def _details(obj: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    inner = obj.get(key)
    if inner is None:
        return {}
    if not isinstance(inner, Mapping):
        raise ValueError(f"usage field {key!r} must be an object")
    return inner


def _subset_input(total: int, cached: int, written: int, total_name: str) -> int:
    # OpenAI-style counts: cached and written tokens are *part of* the prompt total.
    if cached + written > total:
        raise ValueError(
            f"cached ({cached}) plus written ({written}) tokens exceed {total_name} ({total})"
        )
    return total - cached - written


def _openai_chat(u: Mapping[str, Any], _ttl: str) -> Usage:
    prompt = usage_count(u, "prompt_tokens", required=True)
    # Mistral's schema also spells it prompt_token_details.
    key = "prompt_tokens_details" if u.get("prompt_tokens_details") else "prompt_token_details"
    details = _details(u, key)
    cached = usage_count(details, "cached_tokens")
    written = usage_count(details, "cache_write_tokens")
    short, long = _openai_write_split(details, written)
    return Usage(
        uncached_input_tokens=_subset_input(prompt, cached, written, "prompt_tokens"),
        cache_read_tokens=cached,
        cache_write_5m_tokens=short,
        cache_write_1h_tokens=long,
        output_tokens=usage_count(u, "completion_tokens"),
    )


def _openai_write_split(details: Mapping[str, Any], written: int) -> tuple[int, int]:
    # GPT-5.6+: cache_write_tokens_details splits writes by retention (30m / 12h).
    split = _details(details, "cache_write_tokens_details")
    if not split:
        return written, 0
    short = usage_count(split, "ttl_30m_tokens")
    long = usage_count(split, "ttl_12h_tokens")
    if short + long != written:
        raise ValueError(
            f"cache_write_tokens_details ({short} 30m + {long} 12h) does not add up to "
            f"cache_write_tokens ({written})"
        )
    return short, long


def _openai_responses(u: Mapping[str, Any], _ttl: str) -> Usage:
    total = usage_count(u, "input_tokens", required=True)
    details = _details(u, "input_tokens_details")
    cached = usage_count(details, "cached_tokens")
    written = usage_count(details, "cache_write_tokens")
    short, long = _openai_write_split(details, written)
    return Usage(
        uncached_input_tokens=_subset_input(total, cached, written, "input_tokens"),
        cache_read_tokens=cached,
        cache_write_5m_tokens=short,
        cache_write_1h_tokens=long,
        output_tokens=usage_count(u, "output_tokens"),
    )


def _openai_realtime(u: Mapping[str, Any], _ttl: str) -> Usage:
    """Realtime `response.done` usage: `input_token_details` (singular), cached a subset."""
    total = usage_count(u, "input_tokens", required=True)
    cached = usage_count(_details(u, "input_token_details"), "cached_tokens")
    return Usage(
        uncached_input_tokens=_subset_input(total, cached, 0, "input_tokens"),
        cache_read_tokens=cached,
        output_tokens=usage_count(u, "output_tokens"),
    )


def _anthropic(u: Mapping[str, Any], ttl: str) -> Usage:
    # Anthropic's input_tokens are only the tokens after the last breakpoint: cache reads and
    # writes come *in addition*.
    uncached = usage_count(u, "input_tokens", required=True)
    read = usage_count(u, "cache_read_input_tokens")
    written = usage_count(u, "cache_creation_input_tokens")
    split = _details(u, "cache_creation")
    w5 = usage_count(split, "ephemeral_5m_input_tokens")
    w1 = usage_count(split, "ephemeral_1h_input_tokens")
    if split and "cache_creation_input_tokens" in u and w5 + w1 != written:
        raise ValueError(
            f"cache_creation ({w5} 5m + {w1} 1h) does not add up to "
            f"cache_creation_input_tokens ({written})"
        )
    if not split:
        w5, w1 = (written, 0) if ttl == "5m" else (0, written)
    return Usage(
        uncached_input_tokens=uncached,
        cache_read_tokens=read,
        cache_write_5m_tokens=w5,
        cache_write_1h_tokens=w1,
        output_tokens=usage_count(u, "output_tokens"),
    )


def _gemini_get(u: Mapping[str, Any], camel: str, snake: str, *, required: bool = False) -> int:
    if camel in u:
        return usage_count(u, camel)
    if snake in u:
        return usage_count(u, snake)
    if required:
        raise ValueError(f"usage is missing {camel!r}")
    return 0


def _gemini(u: Mapping[str, Any], _ttl: str) -> Usage:
    # promptTokenCount *includes* cachedContentTokenCount; thinking tokens bill as output and
    # tool-use prompt tokens as input.
    prompt = _gemini_get(u, "promptTokenCount", "prompt_token_count", required=True)
    cached = _gemini_get(u, "cachedContentTokenCount", "cached_content_token_count")
    tool_prompt = _gemini_get(u, "toolUsePromptTokenCount", "tool_use_prompt_token_count")
    output = _gemini_get(u, "candidatesTokenCount", "candidates_token_count")
    thoughts = _gemini_get(u, "thoughtsTokenCount", "thoughts_token_count")
    return Usage(
        uncached_input_tokens=_subset_input(prompt, cached, 0, "promptTokenCount") + tool_prompt,
        cache_read_tokens=cached,
        output_tokens=output + thoughts,
    )


def _deepseek(u: Mapping[str, Any], _ttl: str) -> Usage:
    hit = usage_count(u, "prompt_cache_hit_tokens")
    if "prompt_cache_miss_tokens" in u:
        miss = usage_count(u, "prompt_cache_miss_tokens")
    else:
        miss = _subset_input(
            usage_count(u, "prompt_tokens", required=True), hit, 0, "prompt_tokens"
        )
    if "prompt_tokens" in u and u["prompt_tokens"] is not None:
        prompt = usage_count(u, "prompt_tokens")
        if hit + miss != prompt:
            raise ValueError(
                f"prompt_cache_hit_tokens ({hit}) + prompt_cache_miss_tokens ({miss}) "
                f"!= prompt_tokens ({prompt})"
            )
    return Usage(
        uncached_input_tokens=miss,
        cache_read_tokens=hit,
        output_tokens=usage_count(u, "completion_tokens"),
    )


def _bedrock(u: Mapping[str, Any], ttl: str) -> Usage:
    # Converse: inputTokens excludes cache reads and writes (as Anthropic's input_tokens),
    # so totalTokens = input + output + cache read + cache write. Should a total say that
    # inputTokens holds the cache tokens too (total = input + output), that is honoured.
    # InvokeModel returns Anthropic's own usage, handled by the anthropic shape.
    uncached = usage_count(u, "inputTokens", required=True)
    output = usage_count(u, "outputTokens")
    read = usage_count(u, "cacheReadInputTokens")
    written = usage_count(u, "cacheWriteInputTokens")
    total = usage_count(u, "totalTokens") if u.get("totalTokens") is not None else None
    if (
        total is not None
        and read + written > 0
        and total == uncached + output
        and uncached >= read + written
    ):
        uncached -= read + written  # a total that counts the cache inside inputTokens
    w5, w1 = (written, 0) if ttl == "5m" else (0, written)
    details = u.get("cacheDetails")
    if details:
        # botocore bedrock-runtime TokenUsage.cacheDetails: [{"ttl": "5m"|"1h", "inputTokens"}]
        if not isinstance(details, list) or not all(isinstance(d, Mapping) for d in details):
            raise ValueError("usage field 'cacheDetails' must be a list of objects")
        w5 = sum(usage_count(d, "inputTokens") for d in details if d.get("ttl") == "5m")
        w1 = sum(usage_count(d, "inputTokens") for d in details if d.get("ttl") == "1h")
        if w5 + w1 != written:
            raise ValueError(
                f"cacheDetails ({w5} 5m + {w1} 1h) does not add up to "
                f"cacheWriteInputTokens ({written})"
            )
    return Usage(
        uncached_input_tokens=uncached,
        cache_read_tokens=read,
        cache_write_5m_tokens=w5,
        cache_write_1h_tokens=w1,
        output_tokens=output,
    )


_PARSERS: dict[str, Callable[[Mapping[str, Any], str], Usage]] = {
    "openai-chat": _openai_chat,
    "openai-responses": _openai_responses,
    "openai-realtime": _openai_realtime,
    "anthropic": _anthropic,
    "gemini": _gemini,
    "deepseek": _deepseek,
    "bedrock": _bedrock,
}


def merge_anthropic_stream(start: Mapping[str, Any], delta: Mapping[str, Any]) -> dict[str, Any]:
    """One usage object from a stream's `message_start` usage and its `message_delta` usage.

    The delta's counts are cumulative and win; only `message_start` carries the
    `cache_creation` 5m/1h split, kept while the write total still agrees with it.
    """
    merged: dict[str, Any] = dict(start)
    for key, value in delta.items():
        if value is not None:
            merged[key] = value
    split = start.get("cache_creation")
    if isinstance(split, Mapping) and "cache_creation" not in delta:
        parts = sum(
            int(split.get(k) or 0)
            for k in ("ephemeral_5m_input_tokens", "ephemeral_1h_input_tokens")
        )
        if parts != merged.get("cache_creation_input_tokens", parts):
            merged.pop("cache_creation")
    return merged
