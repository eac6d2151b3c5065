"""Benchmark: `promptlint report` over generated recordings on SQLite and on PostgreSQL.

    .venv/bin/python bench/report_bench.py                # 1,000,000 requests, both stores
    .venv/bin/python bench/report_bench.py --requests 100000 --no-postgres

Times are wall-clock seconds in this process; each is also given as a ratio to a baseline
measured in the same run on the same database: one bare aggregate scan
(`SELECT COUNT(*), SUM(cost_pusd), SUM(cache_read_tokens) FROM requests`), the least any
report must do. PostgreSQL runs in a throwaway cluster (Debian's binaries) with default
settings; --pg-url uses an existing server instead.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from report_data import generate

from promptlint.report.aggregate import build_report
from promptlint.report.render_data import render_csv, render_json
from promptlint.report.render_html import render_html
from promptlint.report.render_text import render_table
from promptlint.store import open_store
from promptlint.store.sql import BREAK_COLUMNS, REQUEST_COLUMNS, SQLStore, break_row, request_row

BATCH = 20_000


def batches(n: int) -> Iterator[list]:
    it = generate(n, seed=11, days=30)
    while True:
        chunk = list(itertools.islice(it, BATCH))
        if not chunk:
            return
        yield chunk


def load_sqlite(url: str, n: int) -> None:
    with open_store(url) as store:
        for chunk in batches(n):
            store.write(chunk)


def load_postgres(url: str, n: int) -> None:
    # COPY for the bulk load (setup only; the proxy writes through Store.write).
    import psycopg

    with open_store(url):
        pass
    with psycopg.connect(url) as conn:
        for chunk in batches(n):
            with conn.cursor() as cur:
                rows = [request_row(r) for r in chunk]
                with cur.copy(f"COPY requests ({REQUEST_COLUMNS}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
                with cur.copy(f"COPY breaks ({BREAK_COLUMNS}) FROM STDIN") as copy:
                    for r, row in zip(chunk, rows, strict=True):
                        for i, b in enumerate(r.breaks):
                            copy.write_row(break_row(r, row[1], i, b))
            conn.commit()
        conn.execute("ANALYZE")
        conn.commit()


def timed(fn: Callable[[], object], repeat: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def measure(url: str) -> list[tuple[str, float]]:
    with open_store(url, create=False) as store:
        assert isinstance(store, SQLStore)
        base = timed(
            lambda: store.fetchall(
                "SELECT COUNT(*), SUM(cost_pusd), SUM(cache_read_tokens) FROM requests"
            ),
            repeat=3,
        )
        out = [("baseline: one aggregate scan", base)]
        cases: list[tuple[str, Callable[[], object]]] = [
            ("report --by model (table)", lambda: render_table(build_report(store, "model"))),
            ("report --by day (json)", lambda: render_json(build_report(store, "day"))),
            ("report --by session (csv)", lambda: render_csv(build_report(store, "session"))),
            ("report --by cause (table)", lambda: render_table(build_report(store, "cause"))),
            ("report --since 7d-window (json)", lambda: render_json(
                build_report(store, "model", since="2026-11-21", until="2026-11-27"))),
            ("report -o report.html", lambda: render_html(
                build_report(store, "model", with_sessions=50))),
        ]  # fmt: skip
        for name, fn in cases:
            out.append((name, timed(fn)))
        n = store.count_requests()
    print(f"  ({n:,} requests)", file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=1_000_000)
    ap.add_argument("--no-postgres", action="store_true")
    ap.add_argument("--pg-url")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args()
    results: dict[str, list[tuple[str, float]]] = {}
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="report-bench-")))
        url = f"sqlite:///{tmp / 'bench.db'}"
        t = timed(lambda: load_sqlite(url, args.requests))
        print(f"sqlite: loaded {args.requests:,} requests in {t:.1f} s", file=sys.stderr)
        results["sqlite"] = measure(url)
        if not args.no_postgres:
            from store.pgcluster import fresh_database, pg_cluster

            server = args.pg_url or stack.enter_context(pg_cluster())
            pg_url = stack.enter_context(fresh_database(server))
            t = timed(lambda: load_postgres(pg_url, args.requests))
            print(f"postgres: loaded {args.requests:,} requests in {t:.1f} s", file=sys.stderr)
            results["postgresql"] = measure(pg_url)
    print(f"| store | {args.requests:,} requests | seconds | × baseline |")
    print("|---|---|---:|---:|")
    for backend, rows in results.items():
        base = rows[0][1]
        for name, secs in rows:
            print(f"| {backend} | {name} | {secs:.2f} | {secs / base:.1f} |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
