"""The proxy writing to PostgreSQL (a fleet's shared store): `make test-slow`."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from harness import OPENAI_KEY, Harness

from promptlint.store import open_store

pytestmark = pytest.mark.postgres

# The store's throwaway-cluster helper lives in tests/store (a package).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from services import service_missing  # noqa: E402
from store.pgcluster import fresh_database, pg_bindir, pg_cluster  # noqa: E402


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    import os

    if pg_bindir() is None and not os.environ.get("PROMPTLINT_TEST_PG_URL"):
        service_missing("PostgreSQL binaries not installed (apt-get install postgresql)")
    with pg_cluster() as server, fresh_database(server) as url:
        yield url


def test_proxy_records_into_postgres(pg_url: str, tmp_path: Path) -> None:
    h = Harness(tmp_path, store_url=pg_url, writer="process").start()
    try:

        async def run() -> list[int]:
            async with aiohttp.ClientSession() as s:

                async def one(i: int) -> int:
                    body = json.dumps(
                        {
                            "model": "gpt-4o",
                            "stream": bool(i % 2),
                            "stream_options": {"include_usage": True},
                            "messages": [{"role": "user", "content": f"q{i}"}],
                        }
                    )
                    async with s.post(
                        h.url + "/v1/chat/completions",
                        data=body.encode(),
                        headers={"Authorization": f"Bearer {OPENAI_KEY}"},
                    ) as r:
                        await r.read()
                        return r.status

                return list(await asyncio.gather(*(one(i) for i in range(40))))

        assert asyncio.run(run()) == [200] * 40
        h.settle()
    finally:
        h.stop()
    with open_store(pg_url) as store:
        records = list(store.iter_requests())
    assert len(records) == 40 and sum(r.streamed for r in records) == 20
    assert all(r.output_tokens > 0 and r.key_hash.startswith("k_") for r in records)
    import psycopg

    with psycopg.connect(pg_url) as conn:
        dump = str(conn.execute("SELECT * FROM requests").fetchall())
    assert OPENAI_KEY not in dump and OPENAI_KEY[8:24] not in dump
