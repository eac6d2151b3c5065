"""The price catalog: the one reader of the pricing data, and the one model-name resolver.

Data: `promptlint.pricing` ships `litellm_snapshot.json` (LiteLLM's list reduced to chat
models) and `policies.json` (provider cache policies, each value with its source), read
through `importlib.resources`. `promptlint pricing import` writes a newer LiteLLM list as a
**user override** (`override_path()`); its models are layered over the bundled ones, which
stay as shipped.

`resolve(model)` turns any spelling of a model name (provider paths, regions, dates,
`-latest`) into its price and cache policy, once per distinct name: hits and misses are
cached alike, so client-invented names cost the proxy's writer one lookup each. Only
`price_of` (for a person at the CLI) searches for "did you mean" names.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from promptlint.cost.policies import GENERIC, CachePolicy, build_policy
from promptlint.cost.prices import ModelPrice, SnapshotInfo, build_price
from promptlint.errors import UserError
from promptlint.wire.apis import model_provider

SNAPSHOT = "litellm_snapshot.json"
POLICIES = "policies.json"
OVERRIDE_ENV = "PROMPTLINT_PRICES"
# Distinct model names remembered (known and unknown alike); a burst of invented names
# beyond this only costs a fresh lookup each.
RESOLVED_NAMES = 4096


def _bundled(name: str) -> Any:
    with resources.files("promptlint.pricing").joinpath(name).open("r", encoding="utf-8") as fh:
        return json.load(fh)


def override_path() -> Path:
    """Where `pricing import` writes the user's price list: $PROMPTLINT_PRICES, else
    $XDG_DATA_HOME/promptlint/litellm_snapshot.json (~/.local/share by default)."""
    explicit = os.environ.get(OVERRIDE_ENV)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "promptlint" / SNAPSHOT


@dataclass(frozen=True)
class Snapshot:
    models: Mapping[str, Mapping[str, Any]]
    origin: Mapping[str, SnapshotInfo]  # model name -> the list it came from
    bundled: SnapshotInfo
    override: SnapshotInfo | None
    override_models: int
    license: str


def _info(snap: Mapping[str, Any]) -> SnapshotInfo:
    return SnapshotInfo(str(snap.get("date", "unknown")), str(snap.get("source", "LiteLLM")))


def _checked(snap: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(snap, Mapping) or not isinstance(snap.get("models"), Mapping):
        raise UserError(f"{what} is malformed: run `promptlint pricing import` again")
    return snap


@cache
def snapshot() -> Snapshot:
    """The bundled price snapshot with the user's override (if any) layered over it."""
    base = _checked(_bundled(SNAPSHOT), "bundled price snapshot")
    bundled = _info(base)
    models: dict[str, Mapping[str, Any]] = dict(base["models"])
    origin = dict.fromkeys(models, bundled)
    override: SnapshotInfo | None = None
    count = 0
    path = override_path()
    if path.is_file():
        try:
            user = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise UserError(f"price override {path} is unreadable: {exc}") from None
        user = _checked(user, f"price override {path}")
        override = _info(user)
        count = len(user["models"])
        models.update(user["models"])
        origin.update(dict.fromkeys(user["models"], override))
    return Snapshot(models, origin, bundled, override, count, str(base.get("license", "")))


@cache
def policy_data() -> Mapping[str, Any]:
    data = _bundled(POLICIES)
    if not isinstance(data, Mapping) or not isinstance(data.get("providers"), Mapping):
        raise UserError("bundled cache policies (policies.json) are malformed")
    return data


def reload() -> None:
    """Forget everything read and resolved (after `pricing import` wrote an override)."""
    for fn in (snapshot, policy_data, _price_of_key, _policy, resolve):
        fn.cache_clear()


def model_names() -> list[str]:
    return list(snapshot().models)


def policy_providers() -> list[str]:
    return sorted(policy_data()["providers"])


# ---------------------------------------------------------------- model names

# Dates, "@latest" and "-latest" aliases: "claude-3-5-sonnet-20241022", "…@20250514",
# "gemini-1.5-pro-latest".
_DATE = re.compile(r"(-\d{8}|-\d{4}-\d{2}-\d{2}|@\d{8}|@latest|-latest)$")
_BEDROCK_VERSION = re.compile(r"-v\d+(:\d+)?$")
_REGION_PREFIX = re.compile(r"^(us|eu|apac|ap|global|us-gov|jp|au|ca)\.")
_VENDORS = ("anthropic.", "amazon.", "meta.", "mistral.", "cohere.", "ai21.", "openai.")
_PROVIDER_PATHS = (
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
_AWS_REGION = re.compile(r"[a-z]{2}(-[a-z]+)+-\d")
# Snapshot keys that carry their provider as a path ("gemini/gemini-2.5-flash").
_KEY_PATHS = ("gemini/", "xai/", "deepseek/", "mistral/")


def family(model: str) -> str:
    """A model's family name: no provider path, region, vendor prefix, version or date."""
    name = model.strip().lower().rsplit("/", 1)[-1]
    name = _REGION_PREFIX.sub("", name)
    for vendor in _VENDORS:
        if name.startswith(vendor):
            name = name[len(vendor) :]
    name = _BEDROCK_VERSION.sub("", name)
    for _ in range(2):
        name = _DATE.sub("", name)
    return name


def _candidates(name: str) -> list[str]:
    """Spellings to try for `name` in the snapshot, most specific first."""
    seen: dict[str, None] = {}
    forms: list[str] = []
    for base in dict.fromkeys([name.strip(), name.strip().lower()]):
        forms.append(base)
        # Provider paths: "anthropic/claude-…", "bedrock/us-east-1/anthropic.…",
        # "bedrock/converse/…", Gemini's "models/…".
        parts = base.split("/")
        while len(parts) > 1 and (
            parts[0].lower() in _PROVIDER_PATHS or _AWS_REGION.fullmatch(parts[0].lower())
        ):
            parts = parts[1:]
            forms.append("/".join(parts))
    for form in forms:
        undated = _DATE.sub("", form)
        # Bedrock cross-region profiles: "us.anthropic.…" -> "anthropic.…"
        stripped = re.sub(r"^(us|eu|apac|global|jp|au)\.", "", form)
        spellings = [form, undated]
        if "claude" in form:
            # "claude-sonnet-4.5" -> "claude-sonnet-4-5" (Anthropic's ids use dashes).
            spellings.append(re.sub(r"(\d)\.(\d)", r"\1-\2", undated))
        spellings.append(stripped)
        spellings.append(
            _BEDROCK_VERSION.sub("", _DATE.sub("", _BEDROCK_VERSION.sub("", stripped)))
        )
        for s in spellings:
            if s:
                seen.setdefault(s)
    return list(seen)


def _find(name: str) -> str | None:
    models = snapshot().models
    for candidate in _candidates(name):
        if candidate in models:
            return candidate
        for path in _KEY_PATHS:
            if path + candidate in models:
                return path + candidate
    return None


def policy_provider(litellm_provider: str | None, model: str = "") -> str:
    """The policy table for a LiteLLM provider name, or for what the model name says."""
    aliases: Mapping[str, str] = policy_data()["provider_aliases"]
    if litellm_provider:
        if litellm_provider in aliases:
            return aliases[litellm_provider]
        if litellm_provider.startswith("bedrock"):
            return "bedrock"
        if litellm_provider.startswith("vertex_ai") and "claude" in model.lower():
            return "anthropic"
        return litellm_provider
    return model_provider(family(model)) or GENERIC


# ---------------------------------------------------------------- resolving


@dataclass(frozen=True)
class Resolved:
    """What a model name resolves to: its price (None when the snapshot lacks it) and the
    cache policy that applies (always: unknown models get their provider's or the
    labelled generic policy)."""

    requested: str
    name: str  # the snapshot key, or the requested name when unknown
    price: ModelPrice | None
    policy: CachePolicy

    @property
    def known(self) -> bool:
        return self.price is not None


@lru_cache(maxsize=2048)
def _policy(provider: str, model: str, litellm_min: int | None) -> CachePolicy:
    return build_policy(policy_data()["providers"], provider, model, family(model), litellm_min)


def _min_tokens(entry: Mapping[str, Any]) -> int | None:
    value = entry.get("prompt_cache_min_tokens")
    return int(value) if value is not None else None


@cache
def _price_of_key(key: str) -> ModelPrice:
    snap = snapshot()
    entry = snap.models[key]
    provider = policy_provider(entry.get("litellm_provider"), key)
    policy = _policy(provider, key, _min_tokens(entry))
    return build_price(key, entry, policy, snap.origin[key])


@lru_cache(maxsize=RESOLVED_NAMES)
def resolve(model: str, provider: str | None = None) -> Resolved:
    """Price and policy for `model` (any spelling); never raises for an unknown name.

    `provider` (e.g. the API a request used) picks the policy table when given; else the
    price data's provider, else what the name says.
    """
    key = _find(model) if model and model.strip() else None
    if key is None:
        table = policy_provider(provider, model) if provider else policy_provider(None, model)
        return Resolved(model, model, None, _policy(table, model, None))
    price = _price_of_key(key)
    table = (
        policy_provider(provider, model)
        if provider
        else policy_provider(price.litellm_provider, key)
    )
    return Resolved(model, key, price, _policy(table, key, price.prompt_cache_min_tokens))


def policy_for(model: str, provider: str | None = None, ttl: str | None = None) -> CachePolicy:
    """The cache policy for `model`; `ttl` picks one of its TTL options (UserError if none)."""
    return resolve(model, provider).policy.with_ttl(ttl)


def price_of(model: str) -> ModelPrice:
    """The price of `model`, for a person: `UserError` naming the closest known names."""
    if not model or not model.strip():
        raise UserError("model name is empty")
    price = resolve(model).price
    if price is None:
        raise UserError(f"unknown model {model!r}{suggestion(model)}")
    return price


def suggestion(name: str) -> str:
    """ "; did you mean: a, b?" for an unknown name (a search over every known name)."""
    models = snapshot().models
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
