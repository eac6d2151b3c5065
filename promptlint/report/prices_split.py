"""Split recorded usage into cost per token class with the per-model prices.

The bill itself is the recorded `cost_usd` (computed by the proxy when the request was
made); this split only draws the stacked chart and the per-class totals. Models the
price table does not know go to an "unpriced" band, named in the report's assumptions.
"""

from __future__ import annotations

from decimal import Decimal

from promptlint.cost.catalog import resolve
from promptlint.cost.prices import cost_of
from promptlint.wire.usage import Usage


def class_costs(
    model: str, uncached: int, read: int, write_5m: int, write_1h: int, output: int
) -> dict[str, Decimal] | None:
    """Cost per token class for this model's tokens, or None when the model has no price."""
    price = resolve(model).price
    if price is None:
        return None
    return {
        "uncached_input": cost_of(Usage(uncached_input_tokens=uncached), price),
        "cache_read": cost_of(Usage(cache_read_tokens=read), price),
        "cache_write": cost_of(
            Usage(cache_write_5m_tokens=write_5m, cache_write_1h_tokens=write_1h), price
        ),
        "output": cost_of(Usage(output_tokens=output), price),
    }
