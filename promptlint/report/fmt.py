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
