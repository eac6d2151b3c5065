"""One suite, two stores: every test runs on SQLite and (marked `postgres`) on PostgreSQL."""

from __future__ import annotations

import dataclasses
import sqlite3
import threading
from decimal import Decimal
from pathlib import Path

import pytest

from promptlint.errors import UserError
from promptlint.store import open_store
from promptlint.store.schema import SCHEMA_V1, SCHEMA_VERSION
from promptlint.store.sql import SQLStore

from .factory import cost, make_record


def _open(url: str) -> SQLStore:
    store = open_store(url)
    assert isinstance(store, SQLStore)
    return store


def test_roundtrip_keeps_every_field(store_url: str) -> None:
    rec = make_record(
        "r1",
        ts="2026-11-20T10:00:00.5Z",
        tokens=(123, 4567, 89, 10, 11),
        breaks=[("volatile-timestamp", 900), ("ttl-expired", 40)],
        parent="r0",
    )
    rec.error = "upstream 529"
    rec.predicted_cached_tokens = None
    with _open(store_url) as store:
        store.write([rec])
        got = store.request("r1")
    assert got is not None
    assert got.ts == "2026-11-20T10:00:00.500000+00:00"
    assert Decimal(got.cost_usd) == Decimal(rec.cost_usd)
    assert Decimal(got.cost_usd_without_cache) == Decimal(rec.cost_usd_without_cache)
    for f in dataclasses.fields(rec):
        if f.name in ("ts", "cost_usd", "cost_usd_without_cache", "breaks"):
            continue
        name = f.name
        assert getattr(got, name) == getattr(rec, name), name
    assert [(b.cause, b.lost_tokens, b.before, b.after) for b in got.breaks] == [
        ("volatile-timestamp", 900, "Today is 2026-11-19", "Today is 2026-11-20"),
        ("ttl-expired", 40, "Today is 2026-11-19", "Today is 2026-11-20"),
    ]
    assert [Decimal(b.lost_usd) for b in got.breaks] == [Decimal(b.lost_usd) for b in rec.breaks]


def test_missing_request_is_none(store_url: str) -> None:
    with _open(store_url) as store:
        assert store.request("nope") is None
        assert store.session_requests("nope") == []


def test_write_is_idempotent_per_id(store_url: str) -> None:
    with _open(store_url) as store:
        store.write([make_record("r1", breaks=[("tool-order", 5)])])
        store.write([make_record("r1", breaks=[("tool-order", 5)])])
        store.write([make_record("r1", tokens=(1, 2, 3, 4, 5), breaks=[("system-edit", 7)])])
        assert store.count_requests() == 1
        got = store.request("r1")
        assert got is not None
        assert got.uncached_input_tokens == 1
        assert [(b.cause, b.lost_tokens) for b in got.breaks] == [("system-edit", 7)]
        assert store.fetchall("SELECT COUNT(*) FROM breaks")[0][0] == 1


def test_session_requests_in_arrival_order_across_offsets(store_url: str) -> None:
    recs = [
        make_record("b", ts="2026-11-20T12:00:00+02:00"),  # 10:00 UTC
        make_record("a", ts="2026-11-20T10:30:00Z"),
        make_record("c", ts="2026-11-20T09:59:59.999999"),  # naive = UTC
        make_record("other", session="s2"),
    ]
    with _open(store_url) as store:
        store.write(recs)
        assert [r.id for r in store.session_requests("s1")] == ["c", "b", "a"]


def test_sessions_aggregate_tokens_money_and_avoidable_breaks(store_url: str) -> None:
    t1, t2 = (100, 2000, 0, 0, 50), (3000, 0, 1000, 0, 70)
    with _open(store_url) as store:
        store.write(
            [
                make_record("r1", ts="2026-11-20T10:00:00Z", tokens=t1),
                make_record(
                    "r2",
                    ts="2026-11-20T10:01:00Z",
                    tokens=t2,
                    # provider-miss is not avoidable: it must not count.
                    breaks=[("volatile-id", 2000), ("provider-miss", 500)],
                ),
                make_record("x1", session="s2", model="gpt-4o", ts="2026-11-21T00:00:00Z"),
            ]
        )
        sessions = store.sessions()
    assert [s["session_id"] for s in sessions] == ["s1", "s2"]
    s1 = sessions[0]
    assert s1["requests"] == 2
    assert s1["input_tokens"] == 100 + 2000 + 3000 + 1000
    assert s1["cache_read_tokens"] == 2000
    assert s1["cache_write_5m_tokens"] == 1000
    assert s1["output_tokens"] == 120
    assert s1["hit_rate"] == pytest.approx(2000 / 6100)
    assert s1["cost_usd"] == cost("claude-sonnet-4-5", t1) + cost("claude-sonnet-4-5", t2)
    assert s1["breaks"] == 2
    assert s1["avoidable_tokens"] == 2000
    assert s1["avoidable_usd"] == Decimal(2000) * Decimal("2.70") / 1_000_000
    assert s1["first_ts"] == "2026-11-20T10:00:00.000000+00:00"
    assert s1["last_ts"] == "2026-11-20T10:01:00.000000+00:00"


def test_since_until_select_by_utc_time(store_url: str) -> None:
    with _open(store_url) as store:
        store.write(
            [
                make_record("d19", ts="2026-11-19T23:59:59.999999Z"),
                make_record("d20a", ts="2026-11-20T00:00:00Z"),
                make_record("d20b", ts="2026-11-20T23:59:59Z"),
                make_record("d21", ts="2026-11-21T00:00:00Z"),
            ]
        )
        ids = [r.id for r in store.iter_requests(since="2026-11-20", until="2026-11-20")]
        assert ids == ["d20a", "d20b"]
        assert [r.id for r in store.iter_requests(since="20261121")] == ["d21"]
        assert [r.id for r in store.iter_requests(until="2026-11-20T00:00:00Z")] == ["d19"]
        assert [s["requests"] for s in store.sessions(since="2026-11-20")] == [3]
        with pytest.raises(UserError, match="bad date"):
            list(store.iter_requests(since="yesterday-ish"))


def test_iter_requests_pages_through_everything_in_order(store_url: str) -> None:
    # More rows than one page (2000), several sharing a timestamp: order is (ts, id).
    recs = [
        make_record(f"r{i:05d}", ts=f"2026-11-20T10:{i // 100 % 60:02d}:00Z", breaks=[])
        for i in range(4100)
    ]
    recs[7].breaks = make_record("x", breaks=[("tool-order", 3)]).breaks
    with _open(store_url) as store:
        store.write(recs)
        got = list(store.iter_requests())
    assert len(got) == 4100
    assert [(r.ts, r.id) for r in got] == sorted((r.ts, r.id) for r in got)
    assert len({r.id for r in got}) == 4100
    assert next(r for r in got if r.id == "r00007").breaks[0].cause == "tool-order"


def test_money_is_exact_to_the_picodollar(store_url: str) -> None:
    amounts = ["0.000000000001", "0.1", "0.2", "1234.567890123456", "0.000123456789"]
    recs = []
    for i, amount in enumerate(amounts):
        r = make_record(f"m{i}")
        r.cost_usd = amount
        recs.append(r)
    with _open(store_url) as store:
        store.write(recs)
        total = sum((Decimal(r.cost_usd) for r in store.iter_requests()), Decimal(0))
        assert store.sessions()[0]["cost_usd"] == sum(map(Decimal, amounts))
    assert total == sum(map(Decimal, amounts))


def test_bad_money_is_refused_before_anything_is_written(store_url: str) -> None:
    bad = make_record("bad")
    bad.cost_usd = "twelve"
    with _open(store_url) as store:
        with pytest.raises(ValueError, match="request bad"):
            store.write([make_record("ok"), bad])
        assert store.count_requests() == 0


def test_reopen_keeps_data_and_version(store_url: str) -> None:
    with _open(store_url) as store:
        store.write([make_record("r1")])
        assert store.schema_version() == SCHEMA_VERSION
    with _open(store_url) as store:
        assert store.request("r1") is not None
        assert store.migrate() == (SCHEMA_VERSION, SCHEMA_VERSION)


def test_newer_schema_is_a_one_line_error(store_url: str) -> None:
    with _open(store_url) as store:
        store.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(UserError) as e:
        open_store(store_url)
    assert "schema v99" in str(e.value) and "upgrade promptlint" in str(e.value)
    assert "\n" not in str(e.value)


def test_concurrent_writers_lose_nothing(store_url: str) -> None:
    # A fleet: several store objects (connections) writing at once.
    with _open(store_url):
        pass
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            with _open(store_url) as s:
                for batch in range(10):
                    s.write([make_record(f"w{n}-{batch}-{i}") for i in range(20)])
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with _open(store_url) as store:
        assert store.count_requests() == 4 * 10 * 20


# --- SQLite files: creation, corruption, migrations --------------------------------------


def test_sqlite_store_uses_wal(tmp_path: Path) -> None:
    db = tmp_path / "sub" / "r.db"
    with open_store(str(db)):
        pass
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


@pytest.mark.parametrize(
    "content,expect",
    [
        (b"this is not a database at all" * 100, "not a readable promptlint store"),
        (b"SQLite format 3\x00" + b"\xff" * 4000, "not a readable promptlint store"),
    ],
)
def test_corrupt_sqlite_file_is_a_one_line_error(
    tmp_path: Path, content: bytes, expect: str
) -> None:
    db = tmp_path / "r.db"
    db.write_bytes(content)
    with pytest.raises(UserError) as e:
        open_store(str(db))
    assert expect in str(e.value)
    assert "\n" not in str(e.value)


def test_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.commit()
    conn.close()
    with pytest.raises(UserError, match="not a promptlint store"):
        open_store(str(db))
    conn = sqlite3.connect(db)
    # Left as it was: not switched to WAL, no tables added.
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["photos"]
    conn.close()


def test_readers_do_not_create_a_store(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="no store at"):
        open_store(str(tmp_path / "missing.db"), create=False)
    assert not (tmp_path / "missing.db").exists()


def test_v1_store_is_migrated_with_its_money(tmp_path: Path) -> None:
    db = tmp_path / "v1.db"
    conn = sqlite3.connect(db)
    for stmt in SCHEMA_V1:
        conn.execute(stmt)
    conn.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    conn.execute(
        "INSERT INTO requests VALUES ('old', '2026-11-01T00:00:00.000000+00:00', '2026-11-01',"
        " 'openai-chat', 'openai', 'gpt-4o', 'k', 's', NULL, 200, 0, 1.0, 10, 20, 0, 0, 5, NULL,"
        " 1, '0.0125', '0.025', 1, NULL, NULL)"
    )
    conn.execute(
        "INSERT INTO breaks VALUES ('old', 0, 'tool-order', 'PL201', 'tools', 0, 20, '0.000025',"
        " NULL, NULL)"
    )
    conn.commit()
    conn.close()
    with pytest.raises(UserError, match="store migrate"):
        open_store(str(db), migrate=False)
    with open_store(str(db)) as store:
        assert isinstance(store, SQLStore)
        assert store.schema_version() == SCHEMA_VERSION
        old = store.request("old")
    assert old is not None
    assert Decimal(old.cost_usd) == Decimal("0.0125")
    assert Decimal(old.breaks[0].lost_usd) == Decimal("0.000025")
    with open_store(str(db)) as store:
        (session,) = store.sessions()
    assert session["breaks"] == 1
    assert session["avoidable_tokens"] == 20
    assert session["avoidable_usd"] == Decimal("0.000025")


def test_unknown_url_scheme(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="unknown store URL"):
        open_store("mysql://x/y")


def test_concurrent_first_opens_create_the_schema_once(store_url: str) -> None:
    # Several proxies starting together on an empty database: one creates, the rest see it.
    errors: list[BaseException] = []
    versions: list[int | None] = []

    def opener() -> None:
        try:
            with _open(store_url) as s:
                versions.append(s.schema_version())
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=opener) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert versions == [SCHEMA_VERSION] * 5
    with _open(store_url) as store:
        assert store.fetchall("SELECT COUNT(*) FROM meta")[0][0] == 1
