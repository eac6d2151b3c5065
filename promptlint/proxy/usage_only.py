"""A usage-only record, for a request the Analyzer failed on.

A recording failure never loses the usage: this keeps tokens and costs without any
prefix diagnosis (no session matching beyond an explicit id, no breaks).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from promptlint.cost import catalog
from promptlint.cost.money import money
from promptlint.cost.prices import cost_of, cost_without_cache
from promptlint.diagnosis.exchange import Exchange
from promptlint.store.records import RequestRecord
from promptlint.wire.apis import LOCAL, provider_of
from promptlint.wire.usage import Usage, normalize_usage


def costs(usage: Usage, model: str) -> tuple[str, str, str | None]:
    """(cost as billed, cost without cache, a note when the model has no price)."""
    price = catalog.resolve(model).price  # once per distinct name; no "did you mean" search
    if price is None:
        return "0", "0", f"no price for model {model!r}"[:200]
    return money(cost_of(usage, price)), money(cost_without_cache(usage, price)), None


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
            usage = normalize_usage(ex.usage_raw)
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
        # The upstream's host may name no provider; the model name can.
        provider=provider_of(ex.api, model) if provider == LOCAL else provider,
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
