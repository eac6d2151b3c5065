"""Inline SVG charts drawn by the project: no JavaScript, no network, print-friendly."""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal

from markupsafe import Markup, escape

from promptlint.cost.money import usd

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


def _svg_open(title: str, width: int, height: int) -> list[str]:
    return [
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' role='img'"
        f" aria-label='{escape(title)}' class='chart' {FONT}>",
        f"<title>{escape(title)}</title>",
    ]


class _BarFrame:
    """The plot area of a vertical bar chart: dollar grid, one slot per label, legend."""

    left, right, top, bottom = 64, 16, 36, 48

    def __init__(self, width: int, height: int, n_labels: int, top_value: float) -> None:
        self.width = width
        self.plot_w = width - self.left - self.right
        self.plot_h = height - self.top - self.bottom
        self.ticks = nice_ticks(top_value)
        self.ymax = self.ticks[-1]
        self.n = max(n_labels, 1)
        self.slot = self.plot_w / self.n
        self.bar_w = max(1.0, min(48.0, self.slot * 0.72))
        self.every = max(1, math.ceil(self.n / 14))

    def grid(self) -> list[str]:
        left, right, top = self.left, self.right, self.top
        parts = []
        for t in self.ticks:
            y = top + self.plot_h - self.plot_h * t / self.ymax
            parts.append(
                f"<line x1='{left}' x2='{self.width - right}' y1='{y:.1f}' y2='{y:.1f}'"
                " stroke='#e3e6ea'/>"
                f"<text x='{left - 6}' y='{y + 4:.1f}' text-anchor='end' fill='#5b6470'>"
                f"{_tick_label(t)}</text>"
            )
        return parts

    def bar_x(self, i: int) -> float:
        return self.left + self.slot * i + (self.slot - self.bar_w) / 2

    def x_label(self, i: int, x: float, label: str) -> list[str]:
        if i % self.every != 0:
            return []
        return [
            f"<text x='{x + self.bar_w / 2:.1f}' y='{self.top + self.plot_h + 18}'"
            f" text-anchor='middle' fill='#5b6470'>{escape(_day_label(label))}</text>"
        ]

    def baseline(self) -> str:
        y = self.top + self.plot_h
        return (
            f"<line x1='{self.left}' x2='{self.width - self.right}' y1='{y}' y2='{y}'"
            " stroke='#9aa3ad'/>"
        )

    def legend(self, entries: Sequence[tuple[str, str, Sequence[Decimal]]]) -> list[str]:
        parts = []
        x = self.left
        for name, colour, _ in entries:
            parts.append(
                f"<rect x='{x}' y='10' width='12' height='12' rx='2' fill='{colour}'/>"
                f"<text x='{x + 17}' y='20' fill='#27303a'>{escape(name)}</text>"
            )
            x += 30 + 7 * len(name)
        return parts


def stacked_bars(
    labels: Sequence[str],
    series: Sequence[tuple[str, str, Sequence[Decimal]]],
    title: str,
    width: int = 880,
    height: int = 300,
) -> Markup:
    """Bars per label, stacked by series (name, colour, values). Values in dollars."""
    totals = [float(sum((s[2][i] for s in series), Decimal(0))) for i in range(len(labels))]
    f = _BarFrame(width, height, len(labels), max(totals, default=0.0))
    parts = _svg_open(title, width, height)
    parts += f.grid()
    for i, label in enumerate(labels):
        x = f.bar_x(i)
        y: float = f.top + f.plot_h
        tip = [f"{label}: {usd(Decimal(str(totals[i])))}"]
        for name, colour, values in series:
            v = float(values[i])
            if v <= 0:
                continue
            h = f.plot_h * v / f.ymax
            y -= h
            tip.append(f"{name} {usd(values[i])}")
            parts.append(
                f"<rect x='{x:.1f}' y='{y:.1f}' width='{f.bar_w:.1f}' height='{max(h, 0.5):.1f}'"
                f" fill='{colour}'><title>{escape(f'{label} · {name}: {usd(values[i])}')}"
                "</title></rect>"
            )
        parts += f.x_label(i, x, label)
    parts.append(f.baseline())
    parts += f.legend(series)
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
    top_value = max((float(v) for v in [*back[2], *front[2]]), default=0.0)
    f = _BarFrame(width, height, len(labels), top_value)
    parts = _svg_open(title, width, height)
    parts += f.grid()
    for i, label in enumerate(labels):
        x = f.bar_x(i)
        for (name, colour, values), w_frac in ((back, 1.0), (front, 0.55)):
            v = float(values[i])
            h = f.plot_h * v / f.ymax
            w = f.bar_w * w_frac
            bx = x + (f.bar_w - w) / 2
            parts.append(
                f"<rect x='{bx:.1f}' y='{f.top + f.plot_h - h:.1f}' width='{w:.1f}'"
                f" height='{max(h, 0.5):.1f}' fill='{colour}'>"
                f"<title>{escape(f'{label} · {name}: {usd(values[i])}')}</title></rect>"
            )
        parts += f.x_label(i, x, label)
    parts.append(f.baseline())
    parts += f.legend((back, front))
    parts.append("</svg>")
    return Markup("".join(parts))


def hbars(items: Sequence[tuple[str, Decimal, str]], title: str, width: int = 880) -> Markup:
    """Horizontal bars (label, dollars, colour), largest first."""
    row_h, left, right, top = 30, 230, 110, 8
    height = top + row_h * max(len(items), 1) + 8
    vmax = max((float(v) for _, v, _ in items), default=0.0) or 1.0
    plot_w = width - left - right
    parts = _svg_open(title, width, height)
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
