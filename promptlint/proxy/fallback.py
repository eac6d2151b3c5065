"""A usage-only record, for when the Analyzer is unavailable or fails on a request.

A recording failure never loses the usage: this keeps tokens and costs without any
prefix diagnosis (no session matching beyond an explicit id, no breaks).
"""

from __future__ import annotations

import hashlib
import importlib
import json
from decimal import Decimal
from typing import Any

from promptlint.diagnosis.exchange import Exchange
from promptlint.store.records import RequestRecord
from promptlint.usage import Usage


def _int(v: Any) -> int:
    return int(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0


def normalize(usage: dict[str, Any], api: str) -> Usage:
    """The provider's usage object as four input classes plus output."""
    normalize_usage = getattr(importlib.import_module("promptlint.usage"), "normalize_usage", None)
    if normalize_usage is not None:
        try:
            result: Usage = normalize_usage(usage)
            return result
        except ValueError:
            pass
    return _normalize_local(usage, api)


def _normalize_local(u: dict[str, Any], api: str) -> Usage:
    if "prompt_tokens" in u:  # OpenAI chat / completions: cached is a subset of prompt
        details = u.get("prompt_tokens_details") or {}
        cached = _int(details.get("cached_tokens"))
        write = _int(details.get("cache_write_tokens"))
        return Usage(
            max(0, _int(u["prompt_tokens"]) - cached - write),
            cached,
            write,
            0,
            _int(u.get("completion_tokens")),
        )
    if (
        "cache_read_input_tokens" in u
        or "cache_creation_input_tokens" in u
        or api.startswith("anthropic")
    ):  # Anthropic: cache tokens are in addition to input_tokens
        creation = u.get("cache_creation") or {}
        total_write = _int(u.get("cache_creation_input_tokens"))
        w1h = _int(creation.get("ephemeral_1h_input_tokens")) if isinstance(creation, dict) else 0
        return Usage(
            _int(u.get("input_tokens")),
            _int(u.get("cache_read_input_tokens")),
            max(0, total_write - w1h),
            w1h,
            _int(u.get("output_tokens")),
        )
    if "input_tokens" in u:  # OpenAI Responses: cached is a subset of input
        details = u.get("input_tokens_details") or {}
        cached = _int(details.get("cached_tokens"))
        write = _int(details.get("cache_write_tokens"))
        return Usage(
            max(0, _int(u["input_tokens"]) - cached - write),
            cached,
            write,
            0,
            _int(u.get("output_tokens")),
        )
    raise ValueError("unknown usage shape")


def costs(usage: Usage, model: str) -> tuple[str, str, str | None]:
    """(cost as billed, cost without cache, a note when the model has no price)."""
    try:
        prices: Any = importlib.import_module("promptlint.cost.prices")
        price = importlib.import_module("promptlint.cost.catalog").price_of(model)
        billed: Decimal = prices.cost_of(usage, price)
        uncached: Decimal = prices.cost_without_cache(usage, price)
        return str(billed), str(uncached), None
    except ImportError:
        return "0", "0", "no price data installed"
    except Exception as exc:  # unknown model: UserError with suggestions
        return "0", "0", f"no price for model {model!r}: {exc}".splitlines()[0][:200]


def body_for_record(body: bytes, parsed: Any, record_bodies: str) -> str | None:
    if record_bodies == "none":
        return None
    if record_bodies == "full":
        return body.decode("utf-8", errors="replace")
    # redacted: without the Analyzer there are no segment hashes; keep only the shape.
    summary: dict[str, Any] = {
        "redacted": True,
        "sha256": hashlib.sha256(body).hexdigest(),
        "bytes": len(body),
    }
    if isinstance(parsed, dict):
        summary["keys"] = sorted(str(k) for k in parsed)
    return json.dumps(summary, sort_keys=True)


def usage_only_record(
    ex: Exchange, provider: str, record_bodies: str, note: str | None = None
) -> RequestRecord:
    parsed: Any = None
    try:
        parsed = json.loads(ex.request_body) if ex.request_body else None
    except (ValueError, UnicodeDecodeError):
        parsed = None
    is_obj = isinstance(parsed, dict)
    model = ex.response_model or (
        str(parsed.get("model")) if is_obj and parsed.get("model") is not None else "unknown"
    )
    errors = [e for e in (ex.error, note) if e]
    usage = Usage()
    if ex.usage_raw:
        try:
            usage = normalize(ex.usage_raw, ex.api)
        except (ValueError, TypeError, AttributeError) as exc:
            errors.append(f"usage not understood: {exc}")
    cost, cost_nc, cost_note = costs(usage, model) if ex.usage_raw else ("0", "0", None)
    if cost_note:
        errors.append(cost_note)
    session_hint = ex.request_headers.get("x-promptlint-session")
    if session_hint is None and is_obj:
        hint = parsed.get("prompt_cache_key") or (parsed.get("metadata") or {}).get("user_id")
        session_hint = str(hint) if hint else None
    session_key = session_hint or f"{ex.key_hash}|{model}"
    session_id = "s_" + hashlib.sha256(session_key.encode()).hexdigest()[:16]
    return RequestRecord(
        id=ex.request_id,
        ts=ex.ts.isoformat(timespec="microseconds"),
        api=ex.api,
        provider=provider,
        model=model,
        key_hash=ex.key_hash,
        session_id=session_id,
        parent_id=None,
        status=ex.status,
        streamed=ex.streamed,
        latency_ms=ex.latency_ms,
        uncached_input_tokens=usage.uncached_input_tokens,
        cache_read_tokens=usage.cache_read_tokens,
        cache_write_5m_tokens=usage.cache_write_5m_tokens,
        cache_write_1h_tokens=usage.cache_write_1h_tokens,
        output_tokens=usage.output_tokens,
        predicted_cached_tokens=None,
        prompt_tokens_exact=True,
        cost_usd=cost,
        cost_usd_without_cache=cost_nc,
        parsed=is_obj,
        body=body_for_record(ex.request_body, parsed, record_bodies),
        error="; ".join(errors) if errors else None,
    )
