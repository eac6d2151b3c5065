"""Money in JSON: plain numbers with exact digits."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from promptlint.cost.money import dumps, money


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Decimal("0.02955000"), "0.02955"),
        (Decimal("1E+2"), "100"),
        (Decimal("3E-9"), "0.000000003"),
        (Decimal("-0"), "0"),
        (Decimal("0.1") + Decimal("0.2"), "0.3"),
        (Decimal("12345678901234567890.000000000001"), "12345678901234567890.000000000001"),
    ],
)
def test_money_digits(value: Decimal, text: str) -> None:
    assert money(value) == text


def test_dumps_round_trips_exactly() -> None:
    obj = {"a": Decimal("0.000309984"), "b": [1, None, True, 'x"y'], "c": {}, "d": []}
    text = dumps(obj)
    assert json.loads(text, parse_float=Decimal) == obj
    assert '"a": 0.000309984' in text
    assert dumps({"k": Decimal("1.5")}, indent=None) == '{"k": 1.5}'


def test_floats_and_nan_are_refused() -> None:
    with pytest.raises(TypeError):
        dumps({"x": 0.1})
    with pytest.raises(ValueError):
        dumps({"x": Decimal("NaN")})
