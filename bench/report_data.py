"""Generate realistic recordings for the report benchmark, the README and the screenshot.

Sessions are conversations that grow turn by turn: each request re-sends the previous
prompt plus the new turn, so a healthy request reads the old prefix from cache. Some
sessions carry a bug (a timestamp or request id in the system prompt, tools in set order,
json.dumps without sort_keys) that breaks the prefix on every request; gaps longer than
the TTL expire the cache; now and then the provider simply misses. Deterministic per seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

from promptlint.cost.catalog import price_of
from promptlint.cost.prices import cost_of, cost_without_cache, lost_cost
from promptlint.store.records import BreakRecord, RequestRecord
from promptlint.wire.usage import Usage

MODELS = [  # (model, provider, api, share of sessions)
    ("claude-sonnet-4-5", "anthropic", "anthropic-messages", 0.35),
    ("claude-haiku-4-5", "anthropic", "anthropic-messages", 0.15),
    ("gpt-4.1", "openai", "openai-chat", 0.25),
    ("gpt-4o-mini", "openai", "openai-chat", 0.15),
    ("deepseek-chat", "deepseek", "openai-chat", 0.10),
]
BUGS = [  # (cause, code, segment, before, after, share of buggy sessions)
    ("volatile-timestamp", "PL101", "system",
     "You are a support agent. Current time: 2026-11-18 09:14:07.",
     "You are a support agent. Current time: 2026-11-18 09:14:52.", 0.40),
    ("volatile-id", "PL102", "system",
     "request_id=3f6c2a1e-8b0d-4c57-9a41-77e0c1d2b9aa\nYou help with billing.",
     "request_id=b81d09f4-2e6a-4f3c-8d15-0c9a6e47f1d3\nYou help with billing.", 0.20),
    ("tool-order", "PL201", "tools",
     'tools: [{"name": "search_orders"}, {"name": "refund"}, {"name": "lookup_user"}]',
     'tools: [{"name": "lookup_user"}, {"name": "search_orders"}, {"name": "refund"}]', 0.20),
    ("schema-key-order", "PL202", "tools[2].parameters",
     '{"type": "object", "properties": {"order_id": {...}, "amount": {...}}}',
     '{"properties": {"amount": {...}, "order_id": {...}}, "type": "object"}', 0.12),
    ("history-rewrite", "PL301", "messages[4]",
     "assistant: <thinking>The user wants a refund for order 1182…</thinking> Sure,",
     "assistant: Sure,", 0.08),
]  # fmt: skip


def generate(
    n_requests: int,
    seed: int = 7,
    days: int = 14,
    end: datetime = datetime(2026, 11, 28, tzinfo=timezone.utc),
    buggy_share: float = 0.3,
) -> Iterator[RequestRecord]:
    """About n_requests recordings (whole sessions) over `days` days before `end`."""
    rng = random.Random(seed)
    prices = {m: price_of(m) for m, *_ in MODELS}
    start = end - timedelta(days=days)
    made = 0
    s = 0
    while made < n_requests:
        s += 1
        model, provider, api, _ = rng.choices(MODELS, weights=[m[3] for m in MODELS])[0]
        price = prices[model]
        key = f"key-{rng.randrange(6):02d}"
        session = f"s{seed:02d}-{s:07d}"
        bug = (
            rng.choices(BUGS, weights=[b[5] for b in BUGS])[0]
            if rng.random() < buggy_share
            else None
        )
        t = start + timedelta(seconds=rng.random() * days * 86400 * 0.97)
        system = rng.choice([1200, 2500, 4000, 8000])
        turns = min(rng.randint(3, 40), n_requests - made)
        prompt = system
        parent: str | None = None
        for turn in range(turns):
            gap = rng.expovariate(1 / 40) if rng.random() > 0.06 else rng.uniform(400, 3600)
            t += timedelta(seconds=gap)
            new = rng.randint(150, 1500)
            previous = prompt
            prompt += new
            out = rng.randint(80, 900)
            breaks: list[BreakRecord] = []
            if turn == 0:
                read = 0
            elif bug is not None:
                offset = 40 if bug[2] == "system" else system // 3
                read = offset if offset >= 1024 else 0
                lost = previous - read
                lost_usd = str(lost_cost(lost, price))
                breaks.append(
                    BreakRecord(bug[0], bug[1], bug[2], offset, lost, lost_usd, bug[3], bug[4])
                )
            elif gap > 300:
                read = 0
                breaks.append(BreakRecord("ttl-expired", None, "system", 0, previous,
                                          str(lost_cost(previous, price))))  # fmt: skip
            elif rng.random() < 0.02:
                read = 0
                breaks.append(BreakRecord("provider-miss", None, "system", 0, previous,
                                          str(lost_cost(previous, price))))  # fmt: skip
            else:
                read = previous
            # Anthropic writes what it caches; OpenAI-style APIs cache implicitly (no write).
            if provider == "anthropic":
                uncached, w5 = 0, prompt - read
            else:
                uncached, w5 = prompt - read, 0
            usage = Usage(uncached, read, w5, 0, out)
            cost, without = cost_of(usage, price), cost_without_cache(usage, price)
            rid = f"{session}-{turn:03d}"
            yield RequestRecord(
                id=rid, ts=t.isoformat(timespec="microseconds"), api=api, provider=provider,
                model=model, key_hash=key, session_id=session, parent_id=parent, status=200,
                streamed=True, latency_ms=round(rng.uniform(300, 4000), 1),
                uncached_input_tokens=uncached, cache_read_tokens=read,
                cache_write_5m_tokens=w5, cache_write_1h_tokens=0, output_tokens=out,
                predicted_cached_tokens=read, cost_usd=str(cost),
                cost_usd_without_cache=str(without), breaks=breaks,
            )  # fmt: skip
            parent = rid
            prompt += out
            made += 1


def main() -> None:
    """`python bench/report_data.py STORE [N]`: write N (default 6,000) recordings to STORE."""
    import sys
    from pathlib import Path

    from promptlint.store import open_store

    if len(sys.argv) < 2:
        sys.exit("usage: python bench/report_data.py STORE_PATH [REQUESTS]")
    path = Path(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 6000
    path.unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open_store(str(path)) as store:
        records = list(generate(n))
        store.write(records)
    print(f"wrote {len(records):,} recordings to {path}")


if __name__ == "__main__":
    main()
