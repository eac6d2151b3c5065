"""Token counts and shares as people read them in tables and the HTML page (money: cost.money)."""

from __future__ import annotations

from decimal import Decimal


def tokens(n: int) -> str:
    """12,345 below a million; 12.3M / 1.2B above (tables stay narrow)."""
    if abs(n) >= 1_000_000_000:
        return f"{n / 1e9:.1f}B"
    if abs(n) >= 1_000_000:
        return f"{n / 1e6:.1f}M"
    return f"{n:,}"


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def share(part: Decimal, whole: Decimal) -> str:
    return pct(float(part / whole)) if whole else "–"
