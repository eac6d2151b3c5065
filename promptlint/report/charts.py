"""Inline SVG charts drawn by the project: no JavaScript, no network, print-friendly."""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal

from markupsafe import Markup, escape

from promptlint.report.fmt import usd

FONT = "font-family='system-ui, -apple-system, Segoe UI, Roboto, sans-serif' font-size='12'"


def nice_ticks(top: float, count: int = 5) -> list[float]:
    """0 and round steps (1, 2, 2.5, 5 × 10^k) up to at least `top`."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    n = math.ceil(top / step - 1e-9)
    return [i * step for i in range(n + 1)]


def _tick_label(v: float) -> str:
    if v == 0:
        return "$0"
    if v >= 1000:
        return f"${v / 1000:g}k"
    if v >= 1:
        return f"${v:g}"
    return f"${v:.4g}"


def _day_label(day: str) -> str:
    return day[5:] if len(day) >= 10 else day


def stacked_bars(
    labels: Sequence[str],
    series: Sequence[tuple[str, str, Sequence[Decimal]]],
    title: str,
    width: int = 880,
    height: int = 300,
) -> Markup:
    """Bars per label, stacked by series (name, colour, values). Values in dollars."""
    left, right, top, bottom = 64, 16, 36, 48
    plot_w, plot_h = width - left - right, height - top - bottom
    totals = [float(sum((s[2][i] for s in series), Decimal(0))) for i in range(len(labels))]
    ticks = nice_ticks(max(totals, default=0.0))
    ymax = ticks[-1]
    n = max(len(labels), 1)
    slot = plot_w / n
    bar_w = max(1.0, min(48.0, slot * 0.72))
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' role='img'"
        f" aria-label='{escape(title)}' class='chart' {FONT}>",
        f"<title>{escape(title)}</title>",
    ]
    for t in ticks:
        y = top + plot_h - plot_h * t / ymax
        parts.append(
            f"<line x1='{left}' x2='{width - right}' y1='{y:.1f}' y2='{y:.1f}' stroke='#e3e6ea'/>"
            f"<text x='{left - 6}' y='{y + 4:.1f}' text-anchor='end' fill='#5b6470'>"
            f"{_tick_label(t)}</text>"
        )
    every = max(1, math.ceil(n / 14))
    for i, label in enumerate(labels):
        x = left + slot * i + (slot - bar_w) / 2
        y = top + plot_h
        tip = [f"{label}: {usd(Decimal(str(totals[i])))}"]
        for name, colour, values in series:
            v = float(values[i])
            if v <= 0:
                continue
            h = plot_h * v / ymax
            y -= h
            tip.append(f"{name} {usd(values[i])}")
            parts.append(
                f"<rect x='{x:.1f}' y='{y:.1f}' width='{bar_w:.1f}' height='{max(h, 0.5):.1f}'"
                f" fill='{colour}'><title>{escape(f'{label} · {name}: {usd(values[i])}')}"
                "</title></rect>"
            )
        if i % every == 0:
            parts.append(
                f"<text x='{x + bar_w / 2:.1f}' y='{top + plot_h + 18}' text-anchor='middle'"
                f" fill='#5b6470'>{escape(_day_label(label))}</text>"
            )
    parts.append(
        f"<line x1='{left}' x2='{width - right}' y1='{top + plot_h}' y2='{top + plot_h}'"
        " stroke='#9aa3ad'/>"
    )
    x = left
    for name, colour, _ in series:
        parts.append(
            f"<rect x='{x}' y='10' width='12' height='12' rx='2' fill='{colour}'/>"
            f"<text x='{x + 17}' y='20' fill='#27303a'>{escape(name)}</text>"
        )
        x += 30 + 7 * len(name)
    parts.append("</svg>")
    return Markup("".join(parts))


def paired_bars(
    labels: Sequence[str],
    back: tuple[str, str, Sequence[Decimal]],
    front: tuple[str, str, Sequence[Decimal]],
    title: str,
    width: int = 880,
    height: int = 260,
) -> Markup:
    """A wide bar (e.g. cost without cache) with a narrower bar inside it (billed)."""
    left, right, top, bottom = 64, 16, 36, 48
    plot_w, plot_h = width - left - right, height - top - bottom
    ticks = nice_ticks(max((float(v) for v in [*back[2], *front[2]]), default=0.0))
    ymax = ticks[-1]
    n = max(len(labels), 1)
    slot = plot_w / n
    bar_w = max(1.0, min(48.0, slot * 0.72))
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' role='img'"
        f" aria-label='{escape(title)}' class='chart' {FONT}>",
        f"<title>{escape(title)}</title>",
    ]
    for t in ticks:
        y = top + plot_h - plot_h * t / ymax
        parts.append(
            f"<line x1='{left}' x2='{width - right}' y1='{y:.1f}' y2='{y:.1f}' stroke='#e3e6ea'/>"
            f"<text x='{left - 6}' y='{y + 4:.1f}' text-anchor='end' fill='#5b6470'>"
            f"{_tick_label(t)}</text>"
        )
    every = max(1, math.ceil(n / 14))
    for i, label in enumerate(labels):
        x = left + slot * i + (slot - bar_w) / 2
        for (name, colour, values), w_frac in ((back, 1.0), (front, 0.55)):
            v = float(values[i])
            h = plot_h * v / ymax
            w = bar_w * w_frac
            bx = x + (bar_w - w) / 2
            parts.append(
                f"<rect x='{bx:.1f}' y='{top + plot_h - h:.1f}' width='{w:.1f}'"
                f" height='{max(h, 0.5):.1f}' fill='{colour}'>"
                f"<title>{escape(f'{label} · {name}: {usd(values[i])}')}</title></rect>"
            )
        if i % every == 0:
            parts.append(
                f"<text x='{x + bar_w / 2:.1f}' y='{top + plot_h + 18}' text-anchor='middle'"
                f" fill='#5b6470'>{escape(_day_label(label))}</text>"
            )
    parts.append(
        f"<line x1='{left}' x2='{width - right}' y1='{top + plot_h}' y2='{top + plot_h}'"
        " stroke='#9aa3ad'/>"
    )
    x = left
    for name, colour, _ in (back, front):
        parts.append(
            f"<rect x='{x}' y='10' width='12' height='12' rx='2' fill='{colour}'/>"
            f"<text x='{x + 17}' y='20' fill='#27303a'>{escape(name)}</text>"
        )
        x += 30 + 7 * len(name)
    parts.append("</svg>")
    return Markup("".join(parts))


def hbars(items: Sequence[tuple[str, Decimal, str]], title: str, width: int = 880) -> Markup:
    """Horizontal bars (label, dollars, colour), largest first."""
    row_h, left, right, top = 30, 230, 110, 8
    height = top + row_h * max(len(items), 1) + 8
    vmax = max((float(v) for _, v, _ in items), default=0.0) or 1.0
    plot_w = width - left - right
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' role='img'"
        f" aria-label='{escape(title)}' class='chart' {FONT}>",
        f"<title>{escape(title)}</title>",
    ]
    for i, (label, value, colour) in enumerate(items):
        y = top + i * row_h
        w = max(plot_w * float(value) / vmax, 1.0)
        parts.append(
            f"<text x='{left - 8}' y='{y + 19}' text-anchor='end' fill='#27303a'>"
            f"{escape(label)}</text>"
            f"<rect x='{left}' y='{y + 5}' width='{w:.1f}' height='{row_h - 10}' rx='3'"
            f" fill='{colour}'><title>{escape(f'{label}: {usd(value)}')}</title></rect>"
            f"<text x='{left + w + 6:.1f}' y='{y + 19}' fill='#27303a' font-weight='600'>"
            f"{escape(usd(value))}</text>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))
