"""Model prices (USD per million tokens, `Decimal`) and what a usage costs.

Prices come from a LiteLLM-derived snapshot (read by `promptlint.cost.catalog`); what
LiteLLM lacks (write multipliers, DeepSeek's free writes) comes from the model's cache
policy. Each price field records where it came from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from promptlint.cost.policies import CachePolicy
from promptlint.errors import UserError
from promptlint.wire.usage import Usage

MILLION = Decimal(1_000_000)


@dataclass(frozen=True)
class SnapshotInfo:
    """Where a price list came from: the bundled snapshot or the user's imported one."""

    date: str
    source: str


PRICE_FIELDS = ("input", "output", "cache_read", "cache_write_5m", "cache_write_1h")


@dataclass(frozen=True)
class PriceTier:
    """Prices for requests whose input exceeds `above_tokens` (the whole request)."""

    above_tokens: int
    input: Decimal
    output: Decimal
    cache_read: Decimal
    cache_write_5m: Decimal
    cache_write_1h: Decimal


@dataclass(frozen=True)
class ModelPrice:
    name: str  # the key in the price data
    provider: str  # policy provider: openai, anthropic, bedrock, gemini, deepseek, ...
    litellm_provider: str | None
    input: Decimal  # USD per million tokens
    output: Decimal
    cache_read: Decimal
    cache_write_5m: Decimal
    cache_write_1h: Decimal
    source: str
    date: str
    tiers: tuple[PriceTier, ...] = ()
    origins: Mapping[str, str] = field(default_factory=dict)  # price field -> where from
    prompt_cache_min_tokens: int | None = None
    max_input_tokens: int | None = None
    supports_caching: bool = True

    def tier_for(self, input_tokens: int) -> PriceTier:
        """The prices that apply to a request with `input_tokens` prompt tokens."""
        chosen = PriceTier(
            0, self.input, self.output, self.cache_read, self.cache_write_5m, self.cache_write_1h
        )
        for tier in self.tiers:
            if input_tokens > tier.above_tokens:
                chosen = tier
        return chosen

    def with_overrides(self, **prices: Decimal | None) -> ModelPrice:
        """A copy with some per-million prices replaced (what-if runs)."""
        changes: dict[str, Any] = {k: v for k, v in prices.items() if v is not None}
        unknown = set(changes) - set(PRICE_FIELDS)
        if unknown:
            raise ValueError(f"unknown price fields: {sorted(unknown)}")
        for key, value in changes.items():
            if value < 0:
                raise UserError(f"--{key.replace('_', '-')}-price must not be negative")
        if not changes:
            return self
        origins = dict(self.origins)
        origins.update({k: "override" for k in changes})
        # An override replaces the tiered prices of that field too: the user asked for one price.
        tiers = tuple(replace(t, **changes) for t in self.tiers)
        fields: dict[str, Any] = {"tiers": tiers, "origins": origins, **changes}
        return replace(self, **fields)

    def scaled(self, factor: Decimal, why: str) -> ModelPrice:
        """Every price times `factor` (e.g. DeepSeek off-peak)."""
        values: dict[str, Any] = {k: getattr(self, k) * factor for k in PRICE_FIELDS}
        tiers = tuple(
            replace(t, **{k: getattr(t, k) * factor for k in PRICE_FIELDS}) for t in self.tiers
        )
        origins = {k: f"{v}, x{factor} ({why})" for k, v in self.origins.items()}
        fields: dict[str, Any] = {"tiers": tiers, "origins": origins, **values}
        return replace(self, **fields)


def cost_of(usage: Usage, price: ModelPrice) -> Decimal:
    """What `usage` costs at `price`, in USD (exact)."""
    t = price.tier_for(usage.input_tokens)
    total = (
        usage.uncached_input_tokens * t.input
        + usage.cache_read_tokens * t.cache_read
        + usage.cache_write_5m_tokens * t.cache_write_5m
        + usage.cache_write_1h_tokens * t.cache_write_1h
        + usage.output_tokens * t.output
    )
    return total / MILLION


def cost_breakdown(usage: Usage, price: ModelPrice) -> dict[str, Decimal]:
    """`cost_of` split by token class, at the tier of the whole request (sums to cost_of)."""
    t = price.tier_for(usage.input_tokens)
    return {
        "uncached_input": usage.uncached_input_tokens * t.input / MILLION,
        "cache_read": usage.cache_read_tokens * t.cache_read / MILLION,
        "cache_write_5m": usage.cache_write_5m_tokens * t.cache_write_5m / MILLION,
        "cache_write_1h": usage.cache_write_1h_tokens * t.cache_write_1h / MILLION,
        "output": usage.output_tokens * t.output / MILLION,
    }


def cost_without_cache(usage: Usage, price: ModelPrice) -> Decimal:
    """What the same tokens cost if every prompt token were billed as plain input."""
    t = price.tier_for(usage.input_tokens)
    return (usage.input_tokens * t.input + usage.output_tokens * t.output) / MILLION


def lost_cost(tokens: int, price: ModelPrice) -> Decimal:
    """Money lost when `tokens` are billed as input instead of read from cache."""
    if tokens < 0:
        raise ValueError("tokens must not be negative")
    return tokens * (price.input - price.cache_read) / MILLION


def build_price(
    key: str, entry: Mapping[str, Any], policy: CachePolicy, snapshot: SnapshotInfo
) -> ModelPrice:
    """The price of the snapshot entry `entry` (named `key`), completed from `policy`:
    a cache price LiteLLM lacks is the input price times the policy's multiplier."""
    provider = policy.provider
    min_tokens = entry.get("prompt_cache_min_tokens")
    origins: dict[str, str] = {}
    where = f"LiteLLM snapshot {snapshot.date}"

    def get(e: Mapping[str, Any], short: str) -> Decimal | None:
        return Decimal(e[short]) if e.get(short) is not None else None

    def fill(e: Mapping[str, Any], record: bool) -> dict[str, Decimal]:
        inp = get(e, "input")
        out = get(e, "output")
        if inp is None or out is None:
            raise UserError(f"price data for {key!r} lacks input or output price")
        read = get(e, "cache_read") or get(e, "cache_hit")
        read_from = where
        if read is None:
            if policy.read_multiplier is not None:
                read = inp * policy.read_multiplier
                read_from = f"input x {policy.read_multiplier} ({provider} policy)"
            else:
                read = inp
                read_from = "no cache-read price: billed as input"
        w5 = get(e, "cache_write")
        w5_from = where
        if not policy.writes_billed:
            # No write fee: written tokens bill as plain input, whatever LiteLLM lists
            # (it has 0 for DeepSeek, which would make writes free).
            w5, w5_from = inp, f"input ({provider}: no write fee)"
        elif w5 is None:
            mult = policy.write_multiplier_5m or Decimal(1)
            w5, w5_from = inp * mult, f"input x {mult} ({provider} policy)"
        # The long-lifetime write: Anthropic's 1 h, OpenAI's 12 h retention.
        w1 = get(e, "cache_write_1h")
        if w1 is None:
            w1 = get(e, "cache_write_12h")
        w1_from = where
        if not policy.writes_billed:
            w1, w1_from = inp, w5_from
        elif w1 is None:
            if policy.write_multiplier_1h is not None:
                w1 = inp * policy.write_multiplier_1h
                w1_from = f"input x {policy.write_multiplier_1h} ({provider} policy)"
            else:
                w1, w1_from = w5, "same as the 5m write (no 1h price)"
        if record:
            origins.update(
                input=where,
                output=where,
                cache_read=read_from,
                cache_write_5m=w5_from,
                cache_write_1h=w1_from,
            )
        return {
            "input": inp,
            "output": out,
            "cache_read": read,
            "cache_write_5m": w5,
            "cache_write_1h": w1,
        }

    base = fill(entry, record=True)
    tiers = []
    for threshold, tier_entry in (entry.get("tiers") or {}).items():
        merged = {**entry, **tier_entry}
        # A tier that lacks a cache price must not inherit a cache price from the base tier
        # of a field it does list: fill() derives it from the tier's own input price.
        for short in ("cache_read", "cache_write", "cache_write_1h", "cache_write_12h"):
            if short not in tier_entry and "input" in tier_entry:
                merged.pop(short, None)
        tiers.append(PriceTier(int(threshold), **fill(merged, record=False)))
    return ModelPrice(
        name=key,
        provider=provider,
        litellm_provider=entry.get("litellm_provider"),
        source=str(entry.get("source") or snapshot.source),
        date=snapshot.date,
        tiers=tuple(sorted(tiers, key=lambda t: t.above_tokens)),
        origins=origins,
        prompt_cache_min_tokens=int(min_tokens) if min_tokens is not None else None,
        max_input_tokens=entry.get("max_input_tokens"),
        supports_caching=entry.get("cache_read") is not None or entry.get("cache_hit") is not None,
        **base,
    )
