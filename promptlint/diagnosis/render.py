"""JSON and text views of analysed requests, shared by `explain` and `sessions`.

Money stays `Decimal` here: `promptlint.cost.money.dumps` writes it as plain numbers with
their exact digits, the text views through `money`.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from promptlint.causes import Cause
from promptlint.cost.money import money
from promptlint.diagnosis.advice import advice
from promptlint.store.records import BreakRecord, RequestRecord


def _avoidable(cause: str) -> bool:
    try:
        return Cause(cause).avoidable
    except ValueError:
        return False


def _is_break(cause: str) -> bool:
    try:
        return Cause(cause).is_break
    except ValueError:  # a cause recorded by another version: shown as a break
        return True


def details_from_body(rec: RequestRecord) -> list[str]:
    """Per-break details kept in a redacted or full body (absent with --record-bodies none)."""
    if not rec.body:
        return []
    try:
        data = json.loads(rec.body)
    except ValueError:
        return []
    details = data.get("break_details") if isinstance(data, dict) else None
    return [str(d) for d in details] if isinstance(details, list) else []


def break_json(b: BreakRecord, detail: str | None) -> dict[str, Any]:
    return {
        "cause": b.cause,
        "code": b.code,
        "segment": b.segment,
        "token_offset": b.token_offset,
        "lost_tokens": b.lost_tokens,
        "lost_usd": Decimal(str(b.lost_usd)),
        "avoidable": _avoidable(b.cause),
        "detail": detail,
        "advice": advice(b.cause, b.segment, detail),
        "before": b.before,
        "after": b.after,
        "exact": b.exact,
        "assumptions": [] if b.note is None else [b.note],
    }


def prompt_tokens(rec: RequestRecord) -> int:
    return (
        rec.uncached_input_tokens
        + rec.cache_read_tokens
        + rec.cache_write_5m_tokens
        + rec.cache_write_1h_tokens
    )


def request_json(
    rec: RequestRecord, details: list[str] | None = None, label: str | None = None
) -> dict[str, Any]:
    details = details if details is not None else details_from_body(rec)
    breaks, new_content = [], None
    for k, b in enumerate(rec.breaks):
        if _is_break(b.cause):
            breaks.append(break_json(b, details[k] if k < len(details) else None))
        elif new_content is None:
            # Nothing broke: where the request's new tokens start, not a break.
            new_content = {
                "segment": b.segment,
                "token_offset": b.token_offset,
                "tokens": max(prompt_tokens(rec) - b.token_offset, 0),
            }
    return {
        "id": label or rec.id,
        "ts": rec.ts,
        "api": rec.api,
        "model": rec.model,
        "session_id": rec.session_id,
        "parent_id": rec.parent_id,
        "status": rec.status,
        "parsed": rec.parsed,
        "prompt_tokens": prompt_tokens(rec),
        "prompt_tokens_exact": rec.prompt_tokens_exact,
        "cached_tokens": rec.cache_read_tokens if rec.prompt_tokens_exact else None,
        "cache_write_tokens": rec.cache_write_5m_tokens + rec.cache_write_1h_tokens,
        "uncached_tokens": rec.uncached_input_tokens,
        "predicted_cached_tokens": rec.predicted_cached_tokens,
        "cost_usd": Decimal(str(rec.cost_usd)),
        "lost_tokens": sum(b.lost_tokens for b in rec.breaks),
        "lost_usd": sum((Decimal(str(b.lost_usd)) for b in rec.breaks), Decimal(0)),
        "breaks": breaks,
        "new_content": new_content,
        "error": rec.error,
    }


def _n(x: int | None) -> str:
    return "-" if x is None else f"{x:,}"


def request_text(item: dict[str, Any], advice: bool = False) -> list[str]:
    exact = "" if item["prompt_tokens_exact"] else " (estimated)"
    cached = item["cached_tokens"]
    head = (
        f"{item['id']}  {item['model'] or '?'}  parent {item['parent_id'] or '-'}  "
        f"prompt {_n(item['prompt_tokens'])} tokens{exact}  "
        f"cached {_n(cached) if cached is not None else 'n/a'}  "
        f"predicted {_n(item['predicted_cached_tokens'])}"
    )
    lines = [head]
    if not item["parsed"]:
        lines.append(f"  not analysed: {item['error'] or 'unparsed body'}")
    nc = item.get("new_content")
    if nc is not None:
        lines.append(
            f"  new content from {nc['segment']}, token {nc['token_offset']:,}: "
            f"{nc['tokens']:,} new tokens after an intact prefix (not a break)"
        )
    for b in item["breaks"]:
        code = f" {b['code']}" if b["code"] else ""
        lines.append(
            f"  {b['cause']}{code} at {b['segment']}, token {b['token_offset']:,}: "
            f"lost {b['lost_tokens']:,} tokens (${money(b['lost_usd'])})"
            + ("" if b["avoidable"] else " - not avoidable")
            + ("" if b["exact"] else " - inferred")
        )
        for note in b["assumptions"]:
            lines.append(f"      assumed: {note}")
        if b["detail"]:
            lines.append(f"      {b['detail']}")
        if b["before"] is not None:
            lines.append(f"      before: {_one_line(b['before'])}")
        if b["after"] is not None:
            lines.append(f"      after:  {_one_line(b['after'])}")
        if advice and b["advice"] and b["avoidable"]:
            lines.append(f"      what to do: {b['advice']}")
    return lines


def timeline(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per turn of a session: hit rate, cached / written / uncached tokens, the breaks."""
    out = []
    for k, item in enumerate(items, 1):
        prompt = item["prompt_tokens"]
        cached = item["cached_tokens"]
        out.append(
            {
                "turn": k,
                "id": item["id"],
                "ts": item["ts"],
                "model": item["model"],
                # A ratio, rounded as `sessions` rounds it; a Decimal, as JSON money is written.
                "hit_rate": Decimal(str(round(cached / prompt, 6)))
                if cached is not None and prompt
                else None,
                "cached_tokens": cached,
                "cache_write_tokens": item["cache_write_tokens"],
                "uncached_tokens": item["uncached_tokens"],
                "breaks": [b["cause"] for b in item["breaks"]],
                "lost_tokens": item["lost_tokens"],
            }
        )
    return out


def timeline_text(rows: list[dict[str, Any]]) -> list[str]:
    """The session's turns as a table; a `*` marks a turn whose prefix broke."""
    from tabulate import tabulate

    table = [
        [
            ("*" if r["breaks"] else " ") + str(r["turn"]),
            r["ts"][11:19],
            r["model"] or "?",
            "-" if r["hit_rate"] is None else f"{float(r['hit_rate']) * 100:.0f}%",
            _n(r["cached_tokens"]),
            _n(r["cache_write_tokens"]),
            _n(r["uncached_tokens"]),
            ", ".join(r["breaks"]) or "-",
        ]
        for r in rows
    ]
    headers = ["turn", "time", "model", "hit", "cached", "written", "uncached", "breaks"]
    return tabulate(table, headers=headers, disable_numparse=True).splitlines()


def _one_line(s: str) -> str:
    return s.replace("\r", "\\r").replace("\n", "\\n")
