"""Turn LiteLLM's `model_prices_and_context_window.json` into promptlint's price snapshot.

LiteLLM (MIT, Copyright (c) 2023 Berri AI) keeps the best-maintained public price list,
in USD per token as floats. The snapshot keeps only chat models, only the fields that price
input, cache reads, cache writes (5 m and 1 h), output and their long-context tiers, and
stores them as exact decimal strings in USD per million tokens.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from promptlint.cost.money import money
from promptlint.errors import UserError

SNAPSHOT_FORMAT = 1
# LiteLLM modes that are text generation priced per token ("responses" = Responses-API-only
# models such as o3-pro).
CHAT_MODES = ("chat", "responses")

# LiteLLM field -> snapshot field (USD per million tokens).
BASE_FIELDS = {
    "input_cost_per_token": "input",
    "output_cost_per_token": "output",
    "cache_read_input_token_cost": "cache_read",
    "cache_creation_input_token_cost": "cache_write",
    "cache_creation_input_token_cost_above_1hr": "cache_write_1h",
    # OpenAI GPT-5.6+ writes with 12-hour retention (Responses `prompt_cache_options.ttl`).
    "cache_creation_input_token_cost_above_12hr": "cache_write_12h",
    # DeepSeek-style name for the cache-hit price.
    "input_cost_per_token_cache_hit": "cache_hit",
}
_TIER_RE = re.compile(
    r"^(?P<field>input_cost_per_token|output_cost_per_token|cache_read_input_token_cost"
    r"|cache_creation_input_token_cost|cache_creation_input_token_cost_above_1hr"
    r"|cache_creation_input_token_cost_above_12hr)"
    r"_above_(?P<k>\d+)k_tokens$"
)
_KEEP = ("litellm_provider", "max_input_tokens", "prompt_cache_min_tokens", "source")


def per_million(value: Any, where: str) -> str:
    """USD per token (LiteLLM float) -> USD per million tokens as an exact decimal string."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise UserError(f"{where}: price must be a number, not {value!r}")
    try:
        d = Decimal(repr(value) if isinstance(value, float) else str(value))
    except ArithmeticError:
        raise UserError(f"{where}: price {value!r} is not a number") from None
    if not d.is_finite() or d < 0:
        raise UserError(f"{where}: price {value!r} is not a non-negative number")
    d = d * 1_000_000
    # Binary floats carry noise such as 2.0000000000000002e-07: 12 significant digits
    # are far more than any published price has.
    if d != 0:
        d = round(d, 12 - d.adjusted() - 1)
    return money(d)


def convert_litellm(raw: Mapping[str, Any], *, date: str, source: str) -> dict[str, Any]:
    """The snapshot (a JSON-ready dict) for LiteLLM's price file `raw`."""
    if not isinstance(raw, Mapping):
        raise UserError("price file must be a JSON object of model entries")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise UserError(f"date must be YYYY-MM-DD, not {date!r}")
    models: dict[str, dict[str, Any]] = {}
    for name, entry in raw.items():
        if name in ("sample_spec", "fallback_generalizations") or not isinstance(entry, Mapping):
            continue
        if entry.get("mode") not in CHAT_MODES or "input_cost_per_token" not in entry:
            continue
        out: dict[str, Any] = {}
        for key in _KEEP:
            if key in entry and entry[key] is not None:
                out[key] = entry[key]
        for field, short in BASE_FIELDS.items():
            if entry.get(field) is not None:
                out[short] = per_million(entry[field], f"{name}.{field}")
        tiers: dict[str, dict[str, str]] = {}
        for field, value in entry.items():
            m = _TIER_RE.match(field)
            if m is None or value is None:
                continue
            threshold = str(int(m["k"]) * 1000)
            tiers.setdefault(threshold, {})[BASE_FIELDS[m["field"]]] = per_million(
                value, f"{name}.{field}"
            )
        if tiers:
            out["tiers"] = {k: tiers[k] for k in sorted(tiers, key=int)}
        models[name] = out
    if not models:
        raise UserError("price file has no chat models with input_cost_per_token")
    return {
        "format": SNAPSHOT_FORMAT,
        "date": date,
        "source": source,
        "license": "LiteLLM price data, MIT License, Copyright (c) 2023 Berri AI",
        "units": "USD per million tokens",
        "models": dict(sorted(models.items())),
    }


def dump_snapshot(snapshot: Mapping[str, Any]) -> str:
    """JSON text with one model per line: small diffs when prices change."""
    import json

    head = {k: v for k, v in snapshot.items() if k != "models"}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value)},")
    lines.append('  "models": {')
    items = list(snapshot["models"].items())
    for i, (name, entry) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        lines.append(f"    {json.dumps(name)}: {json.dumps(entry, sort_keys=True)}{comma}")
    lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"
