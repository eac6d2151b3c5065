"""JSON and CSV: stable keys; money as plain numbers with their exact digits (never binary
floats), the same as `promptlint cost --format json`."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from typing import Any

from promptlint.cost.money import dumps, money
from promptlint.report.model import CauseRow, Group, Report, Totals

BY_KEY = {
    "model": "model",
    "session": "session_id",
    "day": "day",
    "key": "key_hash",
    "agent": "agent",
    "project": "project",
}


def totals_dict(t: Totals) -> dict[str, Any]:
    return {
        "requests": t.requests,
        "input_tokens": t.input_tokens,
        "uncached_input_tokens": t.uncached_input_tokens,
        "cache_read_tokens": t.cache_read_tokens,
        "cache_write_tokens": t.cache_write_tokens,
        "cache_write_5m_tokens": t.cache_write_5m_tokens,
        "cache_write_1h_tokens": t.cache_write_1h_tokens,
        "output_tokens": t.output_tokens,
        "hit_rate": Decimal(str(round(t.hit_rate, 6))),
        "cost_usd": t.cost_usd,
        "cost_usd_without_cache": t.cost_usd_without_cache,
        "saved_usd": t.saved_usd,
        "avoidable_usd": t.avoidable_usd,
        "avoidable_tokens": t.avoidable_tokens,
        "breaks": t.breaks,
    }


def group_dict(by: str, g: Group) -> dict[str, Any]:
    return {BY_KEY[by]: g.key, **totals_dict(g), "first_ts": g.first_ts, "last_ts": g.last_ts}


def cause_dict(c: CauseRow) -> dict[str, Any]:
    return {
        "cause": c.cause,
        "code": c.code,
        "avoidable": c.avoidable,
        "summary": c.summary,
        "breaks": c.breaks,
        "requests": c.requests,
        "sessions": c.sessions,
        "lost_tokens": c.lost_tokens,
        "lost_usd": c.lost_usd,
        "first_request_id": c.first_request_id,
        "first_ts": c.first_ts,
        "first_session_id": c.first_session_id,
        "top_sessions": [{"session_id": s, "lost_usd": v} for s, v in c.top_sessions],
    }


def report_dict(report: Report) -> dict[str, Any]:
    rows = (
        [cause_dict(c) for c in report.causes]
        if report.by == "cause"
        else [group_dict(report.by, g) for g in report.rows]
    )
    return {
        "by": report.by,
        "since": report.since,
        "until": report.until,
        "store": report.store,
        "generated_at": report.generated_at,
        "total": totals_dict(report.total),
        "rows": rows,
        "causes": [cause_dict(c) for c in report.causes],
        "cost_by_token_class": {k: v for k, v in report.cost_by_class.items()},
        "assumptions": report.assumptions,
    }


def render_json(report: Report) -> str:
    return dumps(report_dict(report)) + "\n"


def render_csv(report: Report) -> str:
    """One row per group (per cause with --by cause); lists flattened to `a=1;b=2`."""
    data = report_dict(report)["rows"]
    buf = io.StringIO()
    if report.by == "cause":
        fields = list(cause_dict(CauseRow("", None, False, "", 0, 0, 0, 0, Decimal(0), "", "",
                                          "")).keys())  # fmt: skip
    else:
        fields = list(group_dict(report.by, Group()).keys())
    writer = csv.DictWriter(buf, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for row in data:
        if "top_sessions" in row:
            row = {
                **row,
                "top_sessions": ";".join(
                    f"{s['session_id']}={money(s['lost_usd'])}" for s in row["top_sessions"]
                ),
            }
        writer.writerow({k: money(v) if isinstance(v, Decimal) else v for k, v in row.items()})
    return buf.getvalue()
