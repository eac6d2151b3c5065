"""Money as text: exact digits for data, rounded dollars for people, and JSON with numbers.

Amounts are `Decimal` everywhere. `money` writes the exact digits (records, JSON, CSV);
`usd` and `usd_micro` round for tables and pages. `dumps` writes JSON with Decimals as
plain numbers carrying their exact digits: `json` cannot write a Decimal as a number,
going through float would round it (0.1 + 0.2 style), and strings are not numbers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any


def money(value: Decimal) -> str:
    """A Decimal as plain digits: no exponent, no trailing zeros ("0.02955", "12")."""
    if not value.is_finite():
        raise ValueError(f"not a finite amount: {value}")
    # Not value.normalize(): that rounds to the context precision (28 digits).
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


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


MICRO = Decimal("0.000001")


def usd_micro(d: Decimal) -> str:
    """Dollars to the micro-dollar with thousands separators ("1,234.000120"): the
    columns of `promptlint cost`, where per-turn amounts are fractions of a cent."""
    return f"{d.quantize(MICRO, rounding=ROUND_HALF_EVEN):,.6f}"


def dumps(obj: Any, indent: int | None = 2) -> str:
    parts: list[str] = []
    _write(obj, parts, indent, 0)
    return "".join(parts)


def _write(obj: Any, out: list[str], indent: int | None, level: int) -> None:
    if isinstance(obj, Decimal):
        out.append(money(obj))
    elif isinstance(obj, float):
        raise TypeError("floats are not written here: use Decimal for amounts")
    elif obj is None or isinstance(obj, (str, int, bool)):
        out.append(json.dumps(obj))
    elif isinstance(obj, Mapping):
        items = list(obj.items())
        if not items:
            out.append("{}")
            return
        out.append("{")
        for i, (key, value) in enumerate(items):
            out.append(_newline(indent, level + 1))
            out.append(json.dumps(str(key)) + ": ")
            _write(value, out, indent, level + 1)
            if i < len(items) - 1:
                out.append(",")
        out.append(_newline(indent, level) + "}")
    elif isinstance(obj, (list, tuple)):
        if not obj:
            out.append("[]")
            return
        out.append("[")
        for i, value in enumerate(obj):
            out.append(_newline(indent, level + 1))
            _write(value, out, indent, level + 1)
            if i < len(obj) - 1:
                out.append(",")
        out.append(_newline(indent, level) + "]")
    else:
        raise TypeError(f"cannot write {type(obj).__name__} as JSON")


def _newline(indent: int | None, level: int) -> str:
    return "" if indent is None else "\n" + " " * (indent * level)
