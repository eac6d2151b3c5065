"""Pricing recorded usage: normalise + price per line, against parsing the line alone.

Run: .venv/bin/python bench/bench_cost.py  (prints the ratio; no timed asserts anywhere)
"""

from __future__ import annotations

import json
import time

from promptlint.cost.catalog import price_of
from promptlint.cost.prices import cost_of
from promptlint.wire.usage import normalize_usage

LINES = [
    json.dumps(
        {
            "model": "claude-sonnet-4-5-20250929",
            "usage": {
                "input_tokens": 10 + i % 7,
                "cache_creation_input_tokens": 500,
                "cache_read_input_tokens": 1000 * (i % 13),
                "cache_creation": {
                    "ephemeral_5m_input_tokens": 500,
                    "ephemeral_1h_input_tokens": 0,
                },
                "output_tokens": 200,
            },
        }
    )
    for i in range(20_000)
]


def baseline() -> float:
    start = time.perf_counter()
    for line in LINES:
        json.loads(line)
    return time.perf_counter() - start


def priced() -> float:
    start = time.perf_counter()
    for line in LINES:
        obj = json.loads(line)
        cost_of(normalize_usage(obj["usage"]), price_of(obj["model"]))
    return time.perf_counter() - start


def main() -> None:
    price_of("claude-sonnet-4-5-20250929")  # load the snapshot outside the timing
    base = min(baseline() for _ in range(3))
    cost = min(priced() for _ in range(3))
    print(f"{len(LINES)} usage lines: json.loads {base:.3f}s, normalise+price {cost:.3f}s")
    print(f"ratio priced/parse-only: {cost / base:.2f}x")


if __name__ == "__main__":
    main()
