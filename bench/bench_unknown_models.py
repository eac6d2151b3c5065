"""Records with unknown model names are written as fast as records with known ones.

The proxy's writer analyses each exchange and stores its record. The model name decides the
price and cache policy; a name the price list lacks (a client-invented or private model)
used to cost a "did you mean" search (~45 ms) on every record. The catalog resolves each
distinct name once, hits and misses alike, and searches for suggestions only for a person
at the CLI. This bench writes the same requests three ways, in one process, and prints the
time per record and the ratio to known names:

- known: every request names gpt-4o;
- unknown, one name: every request names the same private model;
- unknown, all distinct: every request names a model never seen before (the worst case:
  each one is a miss).

Distinct names come out faster still: no request extends an earlier one of another model,
so the Analyzer has no parent to compare with. It also prints what one "did you mean"
search costs (`catalog.price_of` on an unknown name), the work the writer no longer does.
No timed asserts anywhere.

Run: .venv/bin/python bench/bench_unknown_models.py [REQUESTS]
"""

from __future__ import annotations

import contextlib
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

from promptlint.cost import catalog
from promptlint.diagnosis.analyzer import Analyzer
from promptlint.diagnosis.exchange import Exchange
from promptlint.errors import UserError
from promptlint.store import open_store

T0 = datetime(2026, 11, 29, tzinfo=timezone.utc)
SYSTEM = "You answer questions about orders. Be brief and quote the order id. " * 20


def exchange(k: int, model: str) -> Exchange:
    body = {
        "model": model,
        "messages": [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": f"Where is order {k}?"},
        ],
    }
    usage = {"prompt_tokens": 300, "completion_tokens": 20}
    return Exchange(
        request_id=f"r{k}",
        ts=T0 + timedelta(seconds=k),
        api="openai-chat",
        path="/v1/chat/completions",
        request_body=json.dumps(body).encode(),
        request_headers={},
        key_hash=f"key-{k % 50}",
        status=200,
        streamed=False,
        latency_ms=1.0,
        usage_raw=usage,
        response_model=None,
    )


def write_all(n: int, name_of: Callable[[int], str], folder: Path) -> float:
    """Seconds per record: analyse and store `n` exchanges, 100 records per write."""
    analyzer = Analyzer(record_bodies="none")
    exchanges = [exchange(k, name_of(k)) for k in range(n)]
    with open_store(f"sqlite:///{folder / 'bench.db'}") as store:
        start = time.perf_counter()
        batch = []
        for ex in exchanges:
            batch.append(analyzer.analyze(ex))
            if len(batch) == 100:
                store.write(batch)
                batch = []
        if batch:
            store.write(batch)
        return (time.perf_counter() - start) / n


def suggestion_cost(names: list[str]) -> float:
    """Seconds per "did you mean" search (what each unknown record used to pay)."""
    times = []
    for name in names:
        start = time.perf_counter()
        with contextlib.suppress(UserError):
            catalog.price_of(name)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    catalog.price_of("gpt-4o")  # load the price list outside the timing
    Analyzer().tokens.for_model("gpt-4o", "openai")  # and the tokenizer
    runs = {
        "known (gpt-4o)": lambda k: "gpt-4o",
        "unknown, one name": lambda k: "acme-private-llm",
        "unknown, all distinct": lambda k: f"acme-llm-{k}-preview",
    }
    rounds = 3  # interleaved, median per run: the machine's load moves between runs
    times: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(rounds):
        for label, name_of in runs.items():
            catalog.reload()
            catalog.price_of("gpt-4o")
            with tempfile.TemporaryDirectory() as tmp:
                times[label].append(write_all(n, name_of, Path(tmp)))
    results = {label: statistics.median(t) for label, t in times.items()}
    known = results["known (gpt-4o)"]
    print(f"records: {n} per run, {rounds} interleaved rounds (median), analysed and written")
    print("to SQLite 100 per write")
    for label, seconds in results.items():
        print(f"  {label:<24} {seconds * 1e3:7.3f} ms per record   ratio {seconds / known:5.2f}")
    search = suggestion_cost([f"acme-llm-{k}-preview" for k in range(20)])
    print(f"one 'did you mean' search (CLI only now): {search * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
