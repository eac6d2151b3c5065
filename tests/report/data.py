"""A varied, seeded set of recordings for report tests, and their expected sums in Python."""

from __future__ import annotations

import random
from decimal import Decimal

from store.factory import PRICES, make_record

from promptlint.causes import Cause
from promptlint.store.records import RequestRecord

CAUSES = [c.value for c in Cause]


def recordings(n: int = 300, seed: int = 3) -> list[RequestRecord]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        model = rng.choice(sorted(PRICES))
        tokens = (
            rng.randrange(0, 5000),
            rng.randrange(0, 90000),
            rng.randrange(0, 3000) if model.startswith("claude") else 0,
            rng.randrange(0, 2000) if model.startswith("claude") else 0,
            rng.randrange(1, 2000),
        )
        breaks = [
            (rng.choice(CAUSES), rng.randrange(1, 20000)) for _ in range(rng.choice([0, 0, 1, 2]))
        ]
        day = rng.randrange(1, 10)
        ts = f"2026-11-{day:02d}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:00.{i:06d}Z"
        out.append(
            make_record(
                f"req-{i:04d}",
                ts=ts,
                model=model,
                session=f"sess-{rng.randrange(25):02d}",
                tokens=tokens,
                breaks=breaks,
                key=f"key-{rng.randrange(3)}",
            )
        )
    return out


def expected_totals(recs: list[RequestRecord]) -> dict[str, object]:
    avoidable = {c.value for c in Cause if c.avoidable}
    return {
        "requests": len(recs),
        "input_tokens": sum(
            r.uncached_input_tokens
            + r.cache_read_tokens
            + r.cache_write_5m_tokens
            + r.cache_write_1h_tokens
            for r in recs
        ),
        "cache_read_tokens": sum(r.cache_read_tokens for r in recs),
        "cache_write_tokens": sum(r.cache_write_5m_tokens + r.cache_write_1h_tokens for r in recs),
        "output_tokens": sum(r.output_tokens for r in recs),
        "cost_usd": sum((Decimal(r.cost_usd) for r in recs), Decimal(0)),
        "cost_usd_without_cache": sum(
            (Decimal(r.cost_usd_without_cache) for r in recs), Decimal(0)
        ),
        "avoidable_usd": sum(
            (Decimal(b.lost_usd) for r in recs for b in r.breaks if b.cause in avoidable),
            Decimal(0),
        ),
    }
