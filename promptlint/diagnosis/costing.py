"""Prices, cache policies and usage for diagnosis, through the cost engine.

`promptlint.prices`, `promptlint.policies` and `usage.normalize_usage` belong to the cost
engine. Diagnosis calls them through this module so a missing model price or an unknown
usage shape degrades to "cost unknown" instead of failing the analysis. Where the cost
engine is not installed at all, a conservative fallback policy from the providers'
documented rules is used and every figure says it is an estimate.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from promptlint.usage import Usage

ZERO = Decimal(0)


@dataclass(frozen=True)
class FallbackPolicy:
    """Documented minimums and TTLs (docs/reference/providers.md §1, §2).

    Used only without the cost engine."""

    provider: str
    min_cacheable_tokens: int
    granularity: int
    ttl_seconds: float

    def predict_read(
        self,
        shared_prefix_tokens: int,
        prompt_tokens: int,
        gap_seconds: float | None,
        breakpoints: Sequence[int] | None = None,
    ) -> int:
        if gap_seconds is not None and gap_seconds > self.ttl_seconds:
            return 0
        shared = min(shared_prefix_tokens, max(prompt_tokens - 1, 0))
        if breakpoints is not None:
            usable = [b for b in breakpoints if b <= shared]
            shared = max(usable) if usable else 0
        if shared < self.min_cacheable_tokens:
            return 0
        if self.granularity > 1:
            shared -= shared % self.granularity
        return shared


def _fallback_policy(model: str, provider: str | None) -> FallbackPolicy:
    if provider == "anthropic":
        return FallbackPolicy("anthropic", 1024, 1, 300.0)
    if provider == "openai":
        return FallbackPolicy("openai", 1024, 128, 300.0)
    return FallbackPolicy(provider or "local", 16, 16, float("inf"))


def money(value: Decimal) -> str:
    """Exact decimal text without trailing zeros or exponent ("0.0032", "0")."""
    text = format(value.normalize(), "f")
    return text if "." not in text else text.rstrip("0").rstrip(".") or "0"


def _module(name: str) -> Any | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def cost_engine_available() -> bool:
    return _module("promptlint.policies") is not None and _module("promptlint.prices") is not None


def policy_for(model: str, provider: str | None) -> Any:
    mod = _module("promptlint.policies")
    if mod is not None:
        try:
            return mod.policy_for(model, provider)
        except Exception:  # unknown model: fall back to documented defaults
            pass
    return _fallback_policy(model, provider)


def price_for(model: str) -> Any | None:
    """The model's price, or None when unknown (costs then read as 0 with a note)."""
    mod = _module("promptlint.prices")
    if mod is None or not model:
        return None
    try:
        return mod.resolve_model(model)
    except Exception:  # UserError for unknown models: cost unknown
        return None


def lost_usd(tokens: int, price: Any | None) -> Decimal:
    mod = _module("promptlint.prices")
    if price is None or mod is None or tokens <= 0:
        return ZERO
    try:
        return Decimal(mod.lost_cost(tokens, price))
    except Exception:
        return ZERO


def costs(usage: Usage, price: Any | None) -> tuple[Decimal, Decimal]:
    """(as billed, as it would have been billed without any caching)."""
    mod = _module("promptlint.prices")
    if price is None or mod is None:
        return ZERO, ZERO
    try:
        return Decimal(mod.cost_of(usage, price)), Decimal(mod.cost_without_cache(usage, price))
    except Exception:
        return ZERO, ZERO


def normalize_usage(raw: Mapping[str, Any], api: str) -> Usage | None:
    """The provider's usage object as a Usage; None when its shape is unknown."""
    import promptlint.usage as usage_mod

    fn = getattr(usage_mod, "normalize_usage", None)
    if fn is not None:
        try:
            return fn(raw, _SHAPES.get(api))
        except Exception:
            try:
                return fn(raw)
            except Exception:
                return _fallback_usage(raw)
    return _fallback_usage(raw)


_SHAPES = {
    "openai-chat": "openai-chat",
    "openai-completions": "openai-chat",
    "openai-responses": "openai-responses",
    "anthropic-messages": "anthropic",
}


def _int(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0


def _fallback_usage(raw: Mapping[str, Any]) -> Usage | None:
    """OpenAI chat/responses and Anthropic shapes only (docs/reference/providers.md §1.3, §2.4)."""
    if "cache_read_input_tokens" in raw or "cache_creation_input_tokens" in raw:
        cc = raw.get("cache_creation")
        w1h = _int(cc.get("ephemeral_1h_input_tokens")) if isinstance(cc, dict) else 0
        w5m = _int(raw.get("cache_creation_input_tokens")) - w1h
        return Usage(
            _int(raw.get("input_tokens")),
            _int(raw.get("cache_read_input_tokens")),
            max(w5m, 0),
            w1h,
            _int(raw.get("output_tokens")),
        )
    for total_key, details_key, out_key in (
        ("prompt_tokens", "prompt_tokens_details", "completion_tokens"),
        ("input_tokens", "input_tokens_details", "output_tokens"),
    ):
        if total_key in raw:
            details = raw.get(details_key)
            cached = _int(details.get("cached_tokens")) if isinstance(details, dict) else 0
            written = _int(details.get("cache_write_tokens")) if isinstance(details, dict) else 0
            total = _int(raw.get(total_key))
            return Usage(
                max(total - cached - written, 0), cached, written, 0, _int(raw.get(out_key))
            )
    return None
