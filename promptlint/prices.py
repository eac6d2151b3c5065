"""Model prices (USD per million tokens, `Decimal`) and what a usage costs.

Prices come from the bundled LiteLLM-derived snapshot (`pricing/litellm_snapshot.json`);
what LiteLLM lacks (write multipliers, DeepSeek's free writes) comes from the provider
policy overlay (`pricing/policies.json`). Each price field records where it came from.
"""

from __future__ import annotations

import difflib
import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import lru_cache
from typing import Any

from promptlint.errors import UserError
from promptlint.usage import Usage

MILLION = Decimal(1_000_000)
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


# ---------------------------------------------------------------- loading and resolving


def _data(name: str) -> Any:
    return importlib.import_module("promptlint.pricing").load(name)


@lru_cache(maxsize=1)
def _snapshot() -> Mapping[str, Any]:
    snap = _data("litellm_snapshot.json")
    if not isinstance(snap, Mapping) or not isinstance(snap.get("models"), Mapping):
        raise UserError("bundled price snapshot is malformed: run `promptlint pricing import`")
    return snap


def model_names() -> list[str]:
    return list(_snapshot()["models"])


_PROVIDER_PREFIXES = (
    "anthropic",
    "openai",
    "azure",
    "azure_ai",
    "bedrock",
    "bedrock_converse",
    "converse",
    "invoke",
    "vertex_ai",
    "gemini",
    "google",
    "deepseek",
    "xai",
    "mistral",
    "models",  # Gemini API resource names: "models/gemini-2.5-flash"
)
_DATE = re.compile(r"(-\d{8}|-\d{4}-\d{2}-\d{2}|@\d{8}|@latest)$")


def _candidates(name: str) -> list[str]:
    """Spellings to try for `name`, most specific first."""
    seen: list[str] = []

    def add(s: str) -> None:
        if s and s not in seen:
            seen.append(s)

    forms: list[str] = []
    for base in dict.fromkeys([name.strip(), name.strip().lower()]):
        forms.append(base)
        # Provider paths: "anthropic/claude-…", "bedrock/us-east-1/anthropic.…",
        # "bedrock/converse/…", Gemini's "models/…".
        parts = base.split("/")
        while len(parts) > 1 and (
            parts[0].lower() in _PROVIDER_PREFIXES
            or re.fullmatch(r"[a-z]{2}(-[a-z]+)+-\d", parts[0].lower())
        ):
            parts = parts[1:]
            forms.append("/".join(parts))
    for form in forms:
        add(form)
        undated = _DATE.sub("", form)
        add(undated)
        # "claude-sonnet-4.5" -> "claude-sonnet-4-5" (Anthropic's ids use dashes).
        if "claude" in form:
            add(re.sub(r"(\d)\.(\d)", r"\1-\2", undated))
        # Bedrock cross-region profiles: "us.anthropic.…" -> "anthropic.…"
        stripped = re.sub(r"^(us|eu|apac|global|jp|au)\.", "", form)
        add(stripped)
        add(re.sub(r"-v\d+(:\d+)?$", "", _DATE.sub("", re.sub(r"-v\d+(:\d+)?$", "", stripped))))
    return seen


@lru_cache(maxsize=4096)
def resolve_model(name: str) -> ModelPrice:
    """The price for `name`, accepting provider prefixes and dated suffixes.

    Raises `UserError` (one line, with the closest known names) for an unknown model.
    """
    if not name or not name.strip():
        raise UserError("model name is empty")
    models: Mapping[str, Any] = _snapshot()["models"]
    for candidate in _candidates(name):
        if candidate in models:
            return _build(candidate, models[candidate])
        for prefix in ("gemini/", "xai/", "deepseek/", "mistral/"):
            if prefix + candidate in models:
                return _build(prefix + candidate, models[prefix + candidate])
    raise UserError(f"unknown model {name!r}{_suggest(name, models)}")


def _suggest(name: str, models: Mapping[str, Any]) -> str:
    from promptlint.policies import family

    wanted = family(name)
    # The same model under another provider's id first (e.g. a model retired from its
    # vendor's API but still sold on Bedrock or Vertex), then names that look alike.
    same = sorted((k for k in models if family(k) == wanted), key=lambda k: (len(k), k))
    key = _DATE.sub("", name.strip().lower().rsplit("/", 1)[-1])
    close = difflib.get_close_matches(key, list(models), n=4, cutoff=0.6)
    names = list(dict.fromkeys([*same[:3], *close]))[:4]
    if not names:
        return (
            " and none is close (names as LiteLLM spells them, e.g. gpt-4o or claude-sonnet-4-5,"
            " optionally with a provider prefix such as anthropic/)"
        )
    return "; did you mean: " + ", ".join(names) + "?"


def _build(key: str, entry: Mapping[str, Any]) -> ModelPrice:
    from promptlint.policies import _policy, provider_of

    snap = _snapshot()
    provider = provider_of(entry.get("litellm_provider"), key)
    min_tokens = entry.get("prompt_cache_min_tokens")
    policy = _policy(provider, key, int(min_tokens) if min_tokens is not None else None)
    origins: dict[str, str] = {}
    where = f"LiteLLM snapshot {snap.get('date', '?')}"

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
        source=str(entry.get("source") or snap.get("source", "LiteLLM")),
        date=str(snap.get("date", "unknown")),
        tiers=tuple(sorted(tiers, key=lambda t: t.above_tokens)),
        origins=origins,
        prompt_cache_min_tokens=int(min_tokens) if min_tokens is not None else None,
        max_input_tokens=entry.get("max_input_tokens"),
        supports_caching=entry.get("cache_read") is not None or entry.get("cache_hit") is not None,
        **base,
    )
