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


# Groups whose key the proxy could not record: a request body that did not parse names no
# model, a request sent without credentials no key. Tables name them; JSON and CSV keep "".
UNKNOWN_MODEL = "(unknown model: request not parsed)"
NO_KEY = "(no API key)"


def group_label(by: str, key: str) -> str:
    """A row's name in a table: the group's key, or what its missing key means."""
    if by == "model" and not key:
        return UNKNOWN_MODEL
    if by == "key" and key in ("", "anonymous"):
        return NO_KEY
    return key
