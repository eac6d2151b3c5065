"""Provider cache policies: how much of a prompt a provider will read from its cache.

The numbers (minimum cacheable tokens, granularity, TTLs, multipliers, lookback) are data
in `pricing/policies.json`, each with a source and a date; `promptlint.cost.catalog` reads
them and `build_policy` turns one provider's table into a `CachePolicy`. Both the
simulator (`cost.simulate`) and the live diagnosis apply a policy only through its
methods, so the two cannot disagree on a rule. Three styles cover the providers:

- ``automatic-prefix`` (OpenAI, Gemini implicit, xAI, Mistral): any earlier prompt prefix
  is reusable, read in `granularity` steps once it reaches `min_cacheable_tokens`.
- ``breakpoint`` (Anthropic, Bedrock): entries exist only where a breakpoint ended an
  earlier request's cached prefix; a read takes the longest such entry still matched that
  lies within the lookback of one of the new request's breakpoints.
- ``prefix-units`` (DeepSeek): like breakpoints, at the end of each request's input and
  output, with no minimum and no lookback.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Final

from promptlint.errors import UserError

AUTOMATIC_PREFIX: Final = "automatic-prefix"
BREAKPOINT: Final = "breakpoint"
PREFIX_UNITS: Final = "prefix-units"
GENERIC: Final = "generic"  # the policy table of providers promptlint has no rules for


@dataclass(frozen=True)
class CachePolicy:
    provider: str
    model: str
    style: str  # automatic-prefix | breakpoint | prefix-units
    min_cacheable_tokens: int
    granularity: int
    ttl_name: str
    ttl_seconds: int | None  # None: not documented / best effort (treated as alive)
    ttl_options: Mapping[str, int | None]
    writes_billed: bool  # False: written tokens bill as plain input
    caches_output: bool  # True: the answer is cached too (DeepSeek units)
    read_multiplier: Decimal | None = None
    write_multiplier_5m: Decimal | None = None
    write_multiplier_1h: Decimal | None = None
    lookback_blocks: int | None = None
    max_breakpoints: int | None = None
    storage_usd_per_mtok_hour: Decimal | None = None
    peak_windows_utc: tuple[str, ...] = ()
    off_peak_multiplier: Decimal | None = None
    listed_prices_are: str | None = None
    explicit_cache_ttl_seconds: int | None = None  # default TTL of explicit caches (Gemini)
    sources: Mapping[str, str] = field(default_factory=dict)

    def alive(self, gap_seconds: float | None) -> bool:
        """Whether an entry last used `gap_seconds` ago can still be read."""
        if gap_seconds is None or self.ttl_seconds is None:
            return True
        return gap_seconds < self.ttl_seconds

    def cacheable(self, tokens: int) -> int:
        """The part of a `tokens`-long prefix the provider caches (0 below the minimum)."""
        n = (tokens // self.granularity) * self.granularity
        return n if n >= max(self.min_cacheable_tokens, 1) else 0

    def predict_read(
        self,
        shared_prefix_tokens: int,
        prompt_tokens: int,
        gap_seconds: float | None,
        breakpoints: Sequence[int] | None = None,
    ) -> int:
        """Tokens of this prompt predicted to be read from cache.

        `shared_prefix_tokens`: how far this prompt matches an earlier one token for token;
        `gap_seconds`: time since that earlier request (None: assume the entry alive).
        `breakpoints`: for the breakpoint and prefix-unit styles, the token offsets where
        earlier requests left cache entries; only an entry that lies wholly inside the match
        is read. Without them, an entry is assumed to end where the match ends (automatic
        caching of an earlier request that this one extends) — an upper bound.
        """
        if shared_prefix_tokens < 0 or prompt_tokens < 0:
            raise ValueError("token counts must not be negative")
        if not self.alive(gap_seconds):
            return 0
        matched = min(shared_prefix_tokens, prompt_tokens)
        if self.style == AUTOMATIC_PREFIX or breakpoints is None:
            return self.cacheable(matched)
        usable = [b for b in breakpoints if self.min_cacheable_tokens <= b <= matched and b > 0]
        return max(usable, default=0)

    @property
    def reads_at_breakpoints(self) -> bool:
        """Entries exist only where a request's breakpoints put them (Anthropic, Bedrock),
        and the provider hashes whole blocks: a changed block is not read in part."""
        return self.style == BREAKPOINT

    def reachable(self, entry_at: int, breakpoints: Iterable[int]) -> bool:
        """Whether an entry ending at content-block position `entry_at` can be read by a
        request with breakpoints at `breakpoints` (positions on the same block scale).

        Anthropic looks for entries at the breakpoint's own block and at most
        `lookback_blocks` blocks before it ("20-block lookback before each breakpoint";
        more than 20 blocks between them is a miss); prefix units need no breakpoint.
        """
        if self.style != BREAKPOINT:
            return True
        lookback = self.lookback_blocks
        return any(
            b >= entry_at and (lookback is None or b - entry_at <= lookback) for b in breakpoints
        )

    def with_ttl(self, ttl: str | None) -> CachePolicy:
        """This policy with the TTL option `ttl` (e.g. "5m", "1h"); UserError if not offered."""
        if ttl is None or ttl == self.ttl_name:
            return self
        if ttl not in self.ttl_options:
            offered = ", ".join(self.ttl_options)
            raise UserError(
                f"{self.provider} offers no TTL {ttl!r} for {self.model} (offered: {offered})"
            )
        return replace(self, ttl_name=ttl, ttl_seconds=self.ttl_options[ttl])

    @property
    def assumptions(self) -> list[str]:
        """The values this policy takes from an assumption rather than a source."""
        return [
            f"{key}: {text}" for key, text in self.sources.items() if text.startswith("assumption")
        ]


def _value(spec: Any) -> Any:
    return spec["value"] if isinstance(spec, Mapping) and "value" in spec else spec


def _source(spec: Any) -> str:
    if isinstance(spec, Mapping):
        return f"{spec.get('source', '')} ({spec.get('date', 'undated')})"
    return ""


def _dec(value: Any) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def build_policy(
    providers: Mapping[str, Any],
    provider: str,
    model: str,
    family: str,
    litellm_min: int | None,
) -> CachePolicy:
    """The policy of `provider`'s table in `providers` (policies.json) for `model`.

    `family` is the model's normalised name, matched against the table's per-model rules;
    `litellm_min` is the price snapshot's per-model minimum, used where no rule sets one.
    A provider without a table gets the `generic` one.
    """
    table = providers.get(provider) or providers[GENERIC]
    specs: dict[str, Any] = {k: v for k, v in table.items() if k != "models"}
    fam = family
    overridden: set[str] = set()
    for rule in table.get("models", []):
        if any(fnmatch.fnmatchcase(fam, pat) for pat in rule["match"]):
            for key, spec in rule.items():
                # First matching rule wins per field: rules are listed most specific first.
                if key != "match" and key not in overridden:
                    specs[key] = spec
                    overridden.add(key)
    sources = {key: _source(spec) for key, spec in specs.items()}
    min_tokens = int(_value(specs["min_cacheable_tokens"]))
    if "min_cacheable_tokens" not in overridden and litellm_min is not None:
        # LiteLLM's per-model prompt_cache_min_tokens beats a provider-wide default.
        min_tokens = litellm_min
        sources["min_cacheable_tokens"] = "LiteLLM prompt_cache_min_tokens (price snapshot)"
    ttl_spec = specs["ttl_options"]
    ttl_options = {str(k): (None if v is None else int(v)) for k, v in _value(ttl_spec).items()}
    ttl_name = str(ttl_spec.get("default", next(iter(ttl_options))))
    return CachePolicy(
        provider=provider if provider in providers else GENERIC,
        model=model,
        style=str(_value(specs["style"])),
        min_cacheable_tokens=min_tokens,
        granularity=max(1, int(_value(specs["granularity"]))),
        ttl_name=ttl_name,
        ttl_seconds=ttl_options[ttl_name],
        ttl_options=ttl_options,
        writes_billed=bool(_value(specs["writes_billed"])),
        caches_output=bool(_value(specs.get("caches_output", False))),
        read_multiplier=_dec(_value(specs.get("read_multiplier"))),
        write_multiplier_5m=_dec(_value(specs.get("write_multiplier_5m"))),
        write_multiplier_1h=_dec(_value(specs.get("write_multiplier_1h"))),
        lookback_blocks=_value(specs.get("lookback_blocks")),
        max_breakpoints=_value(specs.get("max_breakpoints")),
        storage_usd_per_mtok_hour=_dec(_value(specs.get("storage_usd_per_mtok_hour"))),
        peak_windows_utc=tuple(_value(specs.get("peak_windows_utc")) or ()),
        off_peak_multiplier=_dec(_value(specs.get("off_peak_multiplier"))),
        listed_prices_are=_value(specs.get("listed_prices_are")),
        explicit_cache_ttl_seconds=_value(specs.get("explicit_cache_ttl_default")),
        sources=sources,
    )
