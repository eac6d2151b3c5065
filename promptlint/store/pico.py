"""Money in the store: integer pico-dollars, so sums are exact in every backend.

Integers sum exactly in SQLite and PostgreSQL alike. A pico-dollar (1e-12 USD) holds any
price given to six decimals per million tokens times a token count; finer values are
rounded half-even to the pico-dollar.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation

PICO = Decimal("1e-12")


def to_pico(value: str | Decimal) -> int:
    """Dollars (Decimal or text) as integer pico-dollars; ValueError if not a number."""
    try:
        d = value if isinstance(value, Decimal) else Decimal(str(value).strip())
        if not d.is_finite():
            raise ValueError(f"not a finite amount: {value!r}")
        return int(d.quantize(PICO, rounding=ROUND_HALF_EVEN).scaleb(12))
    except InvalidOperation:
        raise ValueError(f"not a decimal amount: {value!r}") from None


def from_pico(pico: int | Decimal | None) -> Decimal:
    """Pico-dollars (SQLite gives int, PostgreSQL's SUM gives Decimal) as normalised dollars."""
    if pico is None:
        return Decimal(0)
    d = Decimal(int(pico)).scaleb(-12)
    return d.normalize() if d else Decimal(0)
