"""Where two texts first differ: shared by the live diagnosis and the template render check."""

from __future__ import annotations


def common_prefix(a: str, b: str) -> int:
    """Length of the longest common prefix of `a` and `b`."""
    n = min(len(a), len(b))
    lo, hi = 0, n
    # binary search on slice equality: fast for long shared prefixes
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo
