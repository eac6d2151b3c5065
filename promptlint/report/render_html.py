"""The shareable HTML report: one self-contained file (inline CSS and SVG, no scripts)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from markupsafe import Markup

from promptlint.causes import CAUSES
from promptlint.cost.money import usd
from promptlint.diagnosis.advice import advice
from promptlint.report.charts import hbars, paired_bars, stacked_bars
from promptlint.report.fmt import pct, share, tokens
from promptlint.report.model import BreakLink, Report

CLASS_STYLE = [
    ("uncached_input", "Input (uncached)", "#3b6fd8"),
    ("cache_write", "Cache writes", "#f0a13a"),
    ("cache_read", "Cache reads", "#3fae8c"),
    ("output", "Output", "#8a63c9"),
    ("unpriced", "Unpriced models", "#a4abb3"),
]
SNIPPET_CONTEXT = 160


def diff_parts(before: str, after: str) -> tuple[str, str, str, str]:
    """(common prefix, differing part of before, differing part of after, common suffix)."""
    n = min(len(before), len(after))
    i = 0
    while i < n and before[i] == after[i]:
        i += 1
    j = 0
    while j < n - i and before[len(before) - 1 - j] == after[len(after) - 1 - j]:
        j += 1
    prefix, suffix = before[:i], before[len(before) - j :]
    if len(prefix) > SNIPPET_CONTEXT:
        prefix = "…" + prefix[-SNIPPET_CONTEXT:]
    if len(suffix) > SNIPPET_CONTEXT:
        suffix = suffix[:SNIPPET_CONTEXT] + "…"
    return prefix, before[i : len(before) - j], after[i : len(after) - j], suffix


def _links(report: Report) -> list[BreakLink]:
    seen: dict[str, BreakLink] = {}
    for link in report.first_links.values():
        seen.setdefault(link.anchor, link)
    for s in report.sessions:
        for link in s.break_links:
            seen.setdefault(link.anchor, link)
    return sorted(seen.values(), key=lambda b: (b.ts, b.request_id, b.anchor))


def render_html(report: Report) -> str:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(Path(__file__).parent / "templates")),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(usd=usd, tokens=tokens, pct=pct)
    env.globals.update(
        share=share,
        diff_parts=diff_parts,
        advice=advice,
        summaries={c.value: i.summary for c, i in CAUSES.items()},
    )
    labels = [d.day for d in report.days]
    present = [
        (key, name, colour)
        for key, name, colour in CLASS_STYLE
        if key != "unpriced" or any(d.unpriced for d in report.days)
    ]
    series = [
        (name, colour, [d.unpriced if key == "unpriced" else d.by_class[key] for d in report.days])
        for key, name, colour in present
    ]
    cost_chart = stacked_bars(labels, series, "Cost per day by token class")
    savings_chart = paired_bars(
        labels,
        ("Without caching", "#c9d3df", [d.cost_usd_without_cache for d in report.days]),
        ("Billed", "#3b6fd8", [d.cost_usd for d in report.days]),
        "Billed cost against the same traffic without caching",
    )
    lost = [c for c in report.causes if c.lost_usd > 0]
    cause_chart: Markup | None = None
    if lost:
        cause_chart = hbars(
            [
                (
                    f"{c.code + ' ' if c.code else ''}{c.cause}",
                    c.lost_usd,
                    "#d9534f" if c.avoidable else "#a4abb3",
                )
                for c in lost
            ],
            "Money lost by cause",
        )
    template = env.get_template("report.html.j2")
    return template.render(
        r=report,
        t=report.total,
        cost_chart=cost_chart,
        savings_chart=savings_chart,
        cause_chart=cause_chart,
        class_rows=[
            (name, colour, report.cost_by_class.get(key, Decimal(0)))
            for key, name, colour in present
        ],
        links=_links(report),
    )
