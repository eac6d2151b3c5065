"""What SQLite and PostgreSQL share: rows ↔ records, versioned migrations, the queries.

Subclasses supply a DB-API connection and a few dialect hooks. SQL here is written with
`?` placeholders; the PostgreSQL store rewrites them to `%s`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from typing import Any

from promptlint.causes import Cause
from promptlint.cost.money import money
from promptlint.errors import UserError
from promptlint.store.base import Store
from promptlint.store.pico import from_pico, to_pico
from promptlint.store.records import BreakRecord, RequestRecord
from promptlint.store.schema import MIGRATIONS, SCHEMA_V1, SCHEMA_VERSION
from promptlint.store.timefmt import canonical_ts, time_bounds

REQUEST_COLUMNS = (
    "id, ts, day, api, provider, model, key_hash, session_id, parent_id, status, streamed,"
    " latency_ms, uncached_input_tokens, cache_read_tokens, cache_write_5m_tokens,"
    " cache_write_1h_tokens, output_tokens, predicted_cached_tokens, prompt_tokens_exact,"
    " cost_usd, cost_usd_without_cache, parsed, body, error, cost_pusd, cost_without_cache_pusd,"
    " break_count, avoidable_tokens, avoidable_pusd, source, project"
)
BREAK_COLUMNS = (
    "request_id, seq, cause, code, segment, token_offset, lost_tokens, lost_usd,"
    " before_text, after_text, lost_pusd, ts, session_id, avoidable, exact, note"
)
N_REQUEST_COLUMNS = REQUEST_COLUMNS.count(",") + 1
N_BREAK_COLUMNS = BREAK_COLUMNS.count(",") + 1

AVOIDABLE_CAUSES: tuple[str, ...] = tuple(c.value for c in Cause if c.avoidable)
# Rows of the breaks table that are not breaks (new-content: nothing broke). They stay for
# `explain`; counts and by-cause aggregates leave them out.
NOT_BREAKS: tuple[str, ...] = tuple(c.value for c in Cause if not c.is_break)
ONLY_BREAKS = "cause NOT IN (" + ", ".join(f"'{c}'" for c in NOT_BREAKS) + ")"


def is_avoidable(cause: str) -> bool:
    return cause in AVOIDABLE_CAUSES


def request_row(r: RequestRecord) -> tuple[Any, ...]:
    try:
        ts = canonical_ts(r.ts)
        cost, without = to_pico(r.cost_usd), to_pico(r.cost_usd_without_cache)
        avoidable = [b for b in r.breaks if is_avoidable(b.cause)]
        avoidable_pusd = sum(to_pico(b.lost_usd) for b in avoidable)
    except ValueError as e:
        raise ValueError(f"request {r.id}: {e}") from None
    return (
        r.id, ts, ts[:10], r.api, r.provider, r.model, r.key_hash, r.session_id, r.parent_id,
        int(r.status), int(bool(r.streamed)), float(r.latency_ms),
        int(r.uncached_input_tokens), int(r.cache_read_tokens), int(r.cache_write_5m_tokens),
        int(r.cache_write_1h_tokens), int(r.output_tokens),
        None if r.predicted_cached_tokens is None else int(r.predicted_cached_tokens),
        int(bool(r.prompt_tokens_exact)), str(r.cost_usd), str(r.cost_usd_without_cache),
        int(bool(r.parsed)), r.body, r.error, cost, without,
        sum(b.cause not in NOT_BREAKS for b in r.breaks),
        sum(int(b.lost_tokens) for b in avoidable), avoidable_pusd, r.source, r.project,
    )  # fmt: skip


def break_row(r: RequestRecord, ts: str, seq: int, b: BreakRecord) -> tuple[Any, ...]:
    """A break's row; `ts` is the request's canonical timestamp."""
    try:
        lost = to_pico(b.lost_usd)
    except ValueError as e:
        raise ValueError(f"request {r.id}, break {seq}: {e}") from None
    return (
        r.id, seq, b.cause, b.code, b.segment, int(b.token_offset), int(b.lost_tokens),
        str(b.lost_usd), b.before, b.after, lost, ts, r.session_id, int(is_avoidable(b.cause)),
        int(bool(b.exact)), b.note,
    )  # fmt: skip


def record_from_row(row: Sequence[Any], breaks: list[BreakRecord]) -> RequestRecord:
    # Money comes back from the pico columns: exact on both databases.
    return RequestRecord(
        id=row[0], ts=row[1], api=row[3], provider=row[4], model=row[5], key_hash=row[6],
        session_id=row[7], parent_id=row[8], status=int(row[9]), streamed=bool(row[10]),
        latency_ms=float(row[11]), uncached_input_tokens=int(row[12]),
        cache_read_tokens=int(row[13]), cache_write_5m_tokens=int(row[14]),
        cache_write_1h_tokens=int(row[15]), output_tokens=int(row[16]),
        predicted_cached_tokens=None if row[17] is None else int(row[17]),
        prompt_tokens_exact=bool(row[18]), cost_usd=money(from_pico(row[24])),
        cost_usd_without_cache=money(from_pico(row[25])), parsed=bool(row[21]),
        body=row[22], error=row[23], breaks=breaks, source=row[29], project=row[30],
    )  # fmt: skip


def break_from_row(row: Sequence[Any]) -> BreakRecord:
    return BreakRecord(
        cause=row[2], code=row[3], segment=row[4], token_offset=int(row[5]),
        lost_tokens=int(row[6]), lost_usd=money(from_pico(row[10])),
        before=row[8], after=row[9], exact=bool(row[14]), note=row[15],
    )  # fmt: skip


def range_where(since: str | None, until: str | None, column: str = "ts") -> tuple[str, list[str]]:
    """A WHERE clause (possibly empty) for [since, until) over `column`, and its parameters."""
    lo, hi = time_bounds(since, until)
    parts, params = [], []
    if lo:
        parts.append(f"{column} >= ?")
        params.append(lo)
    if hi:
        parts.append(f"{column} < ?")
        params.append(hi)
    return (" WHERE " + " AND ".join(parts) if parts else ""), params


class SQLStore(Store):
    """A store over one DB-API connection; every use goes through one lock (thread-safe)."""

    dialect = "sql"
    location = ""  # for messages: "store PATH" / "PostgreSQL store HOST:PORT/DB"
    name = ""  # for reports: the path, or the URL without user and password
    opened_version: int | None = None  # the schema version found when the store was opened

    def __init__(self) -> None:
        self._lock = threading.RLock()

    # --- dialect hooks -------------------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql

    def _cursor(self) -> Any:
        raise NotImplementedError

    def _begin_write(self, cur: Any) -> None:
        cur.execute("BEGIN")

    def _commit(self) -> None:
        raise NotImplementedError

    def _rollback(self) -> None:
        raise NotImplementedError

    def _table_names(self, cur: Any) -> set[str]:
        raise NotImplementedError

    def _lock_for_migration(self, cur: Any) -> None:
        """Keep concurrent openers (a fleet of proxies) from migrating at the same time."""

    # --- schema ------------------------------------------------------------------
    def schema_version(self) -> int | None:
        """The applied version, or None for an empty database."""
        with self._lock:
            cur = self._cursor()
            try:
                return self._version_in_tx(cur)
            finally:
                self._commit()

    def check_version(self, version: int | None) -> None:
        if version is not None and version > SCHEMA_VERSION:
            raise UserError(
                f"{self.location} has store schema v{version}, newer than this promptlint"
                f" understands (v{SCHEMA_VERSION}): upgrade promptlint"
            )

    def migrate(self) -> tuple[int | None, int]:
        """Bring the schema to SCHEMA_VERSION; returns (version before, version after)."""
        with self._lock:
            cur = self._cursor()
            self._begin_write(cur)
            try:
                self._lock_for_migration(cur)
                before = self._version_in_tx(cur)
                self.check_version(before)
                if before is None:
                    for stmt in SCHEMA_V1:
                        cur.execute(stmt)
                    cur.execute(
                        self._sql("INSERT INTO meta (key, value) VALUES (?, ?)"),
                        ("schema_version", "1"),
                    )
                    current = 1
                else:
                    current = before
                for version in range(current + 1, SCHEMA_VERSION + 1):
                    for stmt in MIGRATIONS[version]:
                        cur.execute(stmt)
                    cur.execute(
                        self._sql("UPDATE meta SET value = ? WHERE key = ?"),
                        (str(version), "schema_version"),
                    )
                self._commit()
            except BaseException:
                self._rollback()
                raise
            return before, SCHEMA_VERSION

    def _version_in_tx(self, cur: Any) -> int | None:
        tables = self._table_names(cur)
        if not tables:
            return None
        if "meta" not in tables or "requests" not in tables:
            raise UserError(f"{self.location} is not a promptlint store (no meta/requests tables)")
        cur.execute(self._sql("SELECT value FROM meta WHERE key = ?"), ("schema_version",))
        row = cur.fetchone()
        if row is None:
            raise UserError(f"{self.location} is not a promptlint store (no schema version)")
        try:
            return int(row[0])
        except ValueError:
            raise UserError(f"{self.location}: bad schema version {row[0]!r}") from None

    def _open_schema(self, create: bool, migrate: bool) -> None:
        version = self.schema_version()
        self.opened_version = version
        self.check_version(version)
        if version is None and not create:
            raise UserError(f"{self.location} holds no recordings yet (run `promptlint proxy`)")
        if version != SCHEMA_VERSION and (migrate or version is None):
            self.migrate()
        elif version != SCHEMA_VERSION:
            raise UserError(
                f"{self.location} has store schema v{version}; run `promptlint store migrate`"
            )

    # --- writing -------------------------------------------------------------------
    def write(self, records: Sequence[RequestRecord]) -> None:
        if not records:
            return
        req_rows = [request_row(r) for r in records]
        brk_rows = [
            break_row(r, row[1], i, b)
            for r, row in zip(records, req_rows, strict=True)
            for i, b in enumerate(r.breaks)
        ]
        ids = [(r.id,) for r in records]
        marks = ", ".join("?" * N_REQUEST_COLUMNS)
        bmarks = ", ".join("?" * N_BREAK_COLUMNS)
        with self._lock:
            cur = self._cursor()
            self._begin_write(cur)
            try:
                # Delete-then-insert keeps a rewrite of the same id idempotent on both databases.
                cur.executemany(self._sql("DELETE FROM breaks WHERE request_id = ?"), ids)
                cur.executemany(self._sql("DELETE FROM requests WHERE id = ?"), ids)
                cur.executemany(
                    self._sql(f"INSERT INTO requests ({REQUEST_COLUMNS}) VALUES ({marks})"),
                    req_rows,
                )
                if brk_rows:
                    cur.executemany(
                        self._sql(f"INSERT INTO breaks ({BREAK_COLUMNS}) VALUES ({bmarks})"),
                        brk_rows,
                    )
                self._commit()
            except BaseException:
                self._rollback()
                raise

    # --- reading -------------------------------------------------------------------
    def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one read query (with `?` placeholders) and return its rows."""
        with self._lock:
            cur = self._cursor()
            try:
                cur.execute(self._sql(sql), tuple(params))
                rows = [tuple(r) for r in cur.fetchall()]
            finally:
                self._commit()
            return rows

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run one statement (with `?` placeholders) in its own transaction."""
        with self._lock:
            cur = self._cursor()
            self._begin_write(cur)
            try:
                cur.execute(self._sql(sql), tuple(params))
                self._commit()
            except BaseException:
                self._rollback()
                raise

    def _breaks_for(self, ids: Sequence[str]) -> dict[str, list[BreakRecord]]:
        out: dict[str, list[BreakRecord]] = {i: [] for i in ids}
        for start in range(0, len(ids), 500):
            chunk = list(ids[start : start + 500])
            marks = ", ".join("?" * len(chunk))
            rows = self.fetchall(
                f"SELECT {BREAK_COLUMNS} FROM breaks WHERE request_id IN ({marks})"
                " ORDER BY request_id, seq",
                chunk,
            )
            for row in rows:
                out[row[0]].append(break_from_row(row))
        return out

    def request(self, request_id: str) -> RequestRecord | None:
        rows = self.fetchall(f"SELECT {REQUEST_COLUMNS} FROM requests WHERE id = ?", (request_id,))
        if not rows:
            return None
        return record_from_row(rows[0], self._breaks_for([request_id])[request_id])

    def session_requests(self, session_id: str) -> list[RequestRecord]:
        rows = self.fetchall(
            f"SELECT {REQUEST_COLUMNS} FROM requests WHERE session_id = ? ORDER BY ts, id",
            (session_id,),
        )
        breaks = self._breaks_for([r[0] for r in rows])
        return [record_from_row(r, breaks[r[0]]) for r in rows]

    def sessions(self, since: str | None = None, until: str | None = None) -> list[dict[str, Any]]:
        where, params = range_where(since, until, "r.ts")
        sql = f"""
            SELECT r.session_id, MIN(r.model), MAX(r.model), MIN(r.key_hash), MIN(r.ts),
                   MAX(r.ts), COUNT(*), SUM(r.uncached_input_tokens), SUM(r.cache_read_tokens),
                   SUM(r.cache_write_5m_tokens), SUM(r.cache_write_1h_tokens),
                   SUM(r.output_tokens), SUM(r.cost_pusd), SUM(r.cost_without_cache_pusd),
                   SUM(r.break_count), SUM(r.avoidable_tokens), SUM(r.avoidable_pusd)
            FROM requests r
            {where}
            GROUP BY r.session_id
            ORDER BY MIN(r.ts), r.session_id
        """
        out = []
        for row in self.fetchall(sql, params):
            uncached, read, w5, w1 = (int(x) for x in row[7:11])
            prompt = uncached + read + w5 + w1
            out.append(
                {
                    "session_id": row[0],
                    "model": row[1] if row[1] == row[2] else f"{row[1]} (+more)",
                    "key_hash": row[3],
                    "first_ts": row[4],
                    "last_ts": row[5],
                    "requests": int(row[6]),
                    "uncached_input_tokens": uncached,
                    "cache_read_tokens": read,
                    "cache_write_5m_tokens": w5,
                    "cache_write_1h_tokens": w1,
                    "input_tokens": prompt,
                    "output_tokens": int(row[11]),
                    "hit_rate": (read / prompt) if prompt else 0.0,
                    "cost_usd": from_pico(row[12]),
                    "cost_usd_without_cache": from_pico(row[13]),
                    "breaks": int(row[14]),
                    "avoidable_tokens": int(row[15]),
                    "avoidable_usd": from_pico(row[16]),
                }
            )
        return out

    def iter_requests(
        self, since: str | None = None, until: str | None = None
    ) -> Iterator[RequestRecord]:
        # Pages by (ts, id) so a large store streams in bounded memory on both databases.
        where, params = range_where(since, until)
        last: tuple[str, str] | None = None
        while True:
            clauses, args = ([where[7:]] if where else []), list(params)
            if last is not None:
                clauses.append("(ts > ? OR (ts = ? AND id > ?))")
                args += [last[0], last[0], last[1]]
            cond = (" WHERE " + " AND ".join(clauses)) if clauses else ""
            rows = self.fetchall(
                f"SELECT {REQUEST_COLUMNS} FROM requests{cond} ORDER BY ts, id LIMIT 2000", args
            )
            if not rows:
                return
            breaks = self._breaks_for([r[0] for r in rows])
            for r in rows:
                yield record_from_row(r, breaks[r[0]])
            last = (rows[-1][1], rows[-1][0])

    def count_requests(self, since: str | None = None, until: str | None = None) -> int:
        where, params = range_where(since, until)
        return int(self.fetchall(f"SELECT COUNT(*) FROM requests{where}", params)[0][0])
