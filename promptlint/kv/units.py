"""Human-readable byte counts (binary units, as vLLM logs them)."""

from __future__ import annotations


def human_bytes(n: int | float) -> str:
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(value) < 1024 or unit == "TiB":
            if unit == "B":
                return f"{int(value):,} B"
            return f"{value:,.2f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")
