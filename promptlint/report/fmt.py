"""Numbers as people read them in tables and the HTML page (JSON and CSV stay exact)."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal


def usd(d: Decimal) -> str:
    """$1,234.56 for dollars; four significant decimals below a dollar ($0.003412)."""
    if d == 0:
        return "$0.00"
    if abs(d) >= 1:
        return f"${d.quantize(Decimal('0.01'), rounding=ROUND_HALF_EVEN):,}"
    q = Decimal(1).scaleb(min(-2, d.adjusted() - 3))
    text = format(d.quantize(q, rounding=ROUND_HALF_EVEN).normalize(), "f")
    whole, _, frac = text.partition(".")
    return f"${whole}.{frac.ljust(2, '0')}".replace("$-", "-$")


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
