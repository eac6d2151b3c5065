"""The terminal table (tabulate): one row per group, a total, and the money lost by cause."""

from __future__ import annotations

from tabulate import tabulate

from promptlint.cost.money import usd
from promptlint.report.fmt import group_label, pct, share, tokens
from promptlint.report.model import CauseRow, Report, Totals

BY_LABEL = {
    "model": "Model",
    "session": "Session",
    "day": "Day (UTC)",
    "key": "Key",
    "agent": "Agent",
    "project": "Project",
    "cause": "",
}


def _period(report: Report) -> str:
    if report.since and report.until:
        return f"from {report.since} until {report.until}"
    if report.since:
        return f"since {report.since}"
    if report.until:
        return f"until {report.until}"
    return "all recordings"


def _group_row(label: str, g: Totals) -> list[str]:
    return [
        label,
        f"{g.requests:,}",
        tokens(g.uncached_input_tokens),
        tokens(g.cache_read_tokens),
        tokens(g.cache_write_tokens),
        tokens(g.output_tokens),
        pct(g.hit_rate),
        usd(g.cost_usd),
        usd(g.cost_usd_without_cache),
        usd(g.avoidable_usd),
    ]


def cause_table(causes: list[CauseRow]) -> str:
    rows = [
        [
            c.cause,
            c.code or "",
            "yes" if c.avoidable else "no",
            f"{c.breaks:,}",
            f"{c.sessions:,}",
            tokens(c.lost_tokens),
            usd(c.lost_usd),
            f"{c.first_ts[:19].replace('T', ' ')} {c.first_request_id}",
            ", ".join(f"{s} ({usd(v)})" for s, v in c.top_sessions),
        ]
        for c in causes
    ]
    headers = ["Cause", "Code", "Avoidable", "Breaks", "Sessions", "Lost tokens", "Lost",
               "First seen (UTC, request)", "Top sessions"]  # fmt: skip
    return tabulate(rows, headers=headers, disable_numparse=True, colalign=("left",) * 3
                    + ("right",) * 4 + ("left",) * 2)  # fmt: skip


def render_table(report: Report) -> str:
    t = report.total
    out = [f"promptlint report: {report.store}, {_period(report)}", ""]  # store name, no secrets
    if t.requests == 0:
        out.append("No recorded requests in this period.")
        return "\n".join(out) + "\n"
    if report.by != "cause":
        headers = [BY_LABEL[report.by], "Requests", "Uncached in", "Cache read", "Cache write",
                   "Output", "Hit rate", "Cost", "Without cache", "Avoidable"]  # fmt: skip
        body: list[list[str]] = [_group_row(group_label(report.by, g.key), g) for g in report.rows]
        body.append(_group_row("Total", t))
        table = tabulate(
            body, headers=headers, disable_numparse=True,
            colalign=("left",) + ("right",) * 9,
        )  # fmt: skip
        lines = table.splitlines()
        # A rule above the total row, like the one under the header.
        out += [*lines[:-1], lines[1], lines[-1], ""]
    out.append(
        f"Billed {usd(t.cost_usd)}; without caching {usd(t.cost_usd_without_cache)};"
        f" caching saved {usd(t.saved_usd)} ({share(t.saved_usd, t.cost_usd_without_cache)})."
        f" Hit rate {pct(t.hit_rate)} of {tokens(t.input_tokens)} prompt tokens."
    )
    out.append(
        f"Lost to avoidable prefix breaks: {usd(t.avoidable_usd)}"
        f" ({share(t.avoidable_usd, t.cost_usd)} of the bill) — what fixing each cause saves:"
    )
    out.append("")
    if report.causes:
        out.append(cause_table(report.causes))
    else:
        out.append("No prefix breaks recorded.")
    return "\n".join(out) + "\n"
