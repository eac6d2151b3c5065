"""The store schema, shared by SQLite and PostgreSQL (portable SQL only).

Version 1 is the original contract. Later versions are migrations: each is a list of
statements that brings the schema from the version before it. `meta.schema_version`
says which version is applied.

Version 2 adds exact integer money columns in pico-dollars (1e-12 USD): SQLite's
NUMERIC affinity keeps only 15 significant digits as REAL, so sums over `cost_usd`
would not be exact there. Aggregations sum the integer columns in both databases; the
text/NUMERIC columns stay for compatibility with version 1 readers.

Version 3 copies a little across the two tables (each request's break count and avoidable loss; each
break's request time, session and avoidability, decided when it is written) so that a
report over a million requests needs no join.

Version 4 counts only real breaks in `requests.break_count`: a new-content row (nothing
broke; it says where the new tokens start) is not one.

Version 5 records where a request came from (`source`: the proxy, or the agent whose log
was imported) and its `project`; whether a break was observed or inferred (`exact`, with
the assumption in `note`); and, for `promptlint import`, how far each log file was read
(`import_files`), so a re-import reads only what is new.
"""

SCHEMA_VERSION = 5

SCHEMA_V1 = [
    """CREATE TABLE IF NOT EXISTS meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS requests (
        id TEXT PRIMARY KEY,
        ts TEXT NOT NULL,
        day TEXT NOT NULL,
        api TEXT NOT NULL,
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        key_hash TEXT NOT NULL,
        session_id TEXT NOT NULL,
        parent_id TEXT,
        status INTEGER NOT NULL,
        streamed INTEGER NOT NULL,
        latency_ms DOUBLE PRECISION NOT NULL,
        uncached_input_tokens BIGINT NOT NULL,
        cache_read_tokens BIGINT NOT NULL,
        cache_write_5m_tokens BIGINT NOT NULL,
        cache_write_1h_tokens BIGINT NOT NULL,
        output_tokens BIGINT NOT NULL,
        predicted_cached_tokens BIGINT,
        prompt_tokens_exact INTEGER NOT NULL,
        cost_usd NUMERIC NOT NULL,
        cost_usd_without_cache NUMERIC NOT NULL,
        parsed INTEGER NOT NULL,
        body TEXT,
        error TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS breaks (
        request_id TEXT NOT NULL REFERENCES requests(id),
        seq INTEGER NOT NULL,
        cause TEXT NOT NULL,
        code TEXT,
        segment TEXT NOT NULL,
        token_offset BIGINT NOT NULL,
        lost_tokens BIGINT NOT NULL,
        lost_usd NUMERIC NOT NULL,
        before_text TEXT,
        after_text TEXT,
        PRIMARY KEY (request_id, seq)
    )""",
    "CREATE INDEX IF NOT EXISTS requests_ts ON requests (ts)",
    "CREATE INDEX IF NOT EXISTS requests_session ON requests (session_id, ts)",
    "CREATE INDEX IF NOT EXISTS breaks_cause ON breaks (cause)",
]


def _avoidable_list() -> str:
    from promptlint.causes import Cause

    return ", ".join(f"'{c.value}'" for c in Cause if c.avoidable)


# MIGRATIONS[n] brings a store from version n-1 to version n. Backfills derive the new
# columns from the old ones (exact on PostgreSQL; on SQLite, v1 money was already REAL).
MIGRATIONS: dict[int, list[str]] = {
    2: [
        "ALTER TABLE requests ADD COLUMN cost_pusd BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE requests ADD COLUMN cost_without_cache_pusd BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE breaks ADD COLUMN lost_pusd BIGINT NOT NULL DEFAULT 0",
        "UPDATE requests SET cost_pusd = CAST(ROUND(cost_usd * 1000000000000) AS BIGINT),"
        " cost_without_cache_pusd = CAST(ROUND(cost_usd_without_cache * 1000000000000) AS BIGINT)",
        "UPDATE breaks SET lost_pusd = CAST(ROUND(lost_usd * 1000000000000) AS BIGINT)",
        "CREATE INDEX IF NOT EXISTS requests_day ON requests (day)",
    ],
    3: [
        # Per-request break summary, so reports need no join for totals.
        "ALTER TABLE requests ADD COLUMN break_count INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE requests ADD COLUMN avoidable_tokens BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE requests ADD COLUMN avoidable_pusd BIGINT NOT NULL DEFAULT 0",
        # The request's time and session on each break, so by-cause reports need no join.
        "ALTER TABLE breaks ADD COLUMN ts TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE breaks ADD COLUMN session_id TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE breaks ADD COLUMN avoidable INTEGER NOT NULL DEFAULT 0",
        "UPDATE breaks SET"
        " ts = (SELECT r.ts FROM requests r WHERE r.id = breaks.request_id),"
        " session_id = (SELECT r.session_id FROM requests r WHERE r.id = breaks.request_id),"
        f" avoidable = CASE WHEN cause IN ({_avoidable_list()}) THEN 1 ELSE 0 END",
        "UPDATE requests SET"
        " break_count = (SELECT COUNT(*) FROM breaks b WHERE b.request_id = requests.id),"
        " avoidable_tokens = COALESCE((SELECT SUM(b.lost_tokens) FROM breaks b"
        "   WHERE b.request_id = requests.id AND b.avoidable = 1), 0),"
        " avoidable_pusd = COALESCE((SELECT SUM(b.lost_pusd) FROM breaks b"
        "   WHERE b.request_id = requests.id AND b.avoidable = 1), 0)",
        "CREATE INDEX IF NOT EXISTS breaks_cause_ts ON breaks (cause, ts)",
        "CREATE INDEX IF NOT EXISTS breaks_session ON breaks (session_id)",
    ],
    4: [
        "UPDATE requests SET break_count = (SELECT COUNT(*) FROM breaks b"
        " WHERE b.request_id = requests.id AND b.cause <> 'new-content')",
    ],
    5: [
        "ALTER TABLE requests ADD COLUMN source TEXT NOT NULL DEFAULT 'proxy'",
        "ALTER TABLE requests ADD COLUMN project TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE breaks ADD COLUMN exact INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE breaks ADD COLUMN note TEXT",
        """CREATE TABLE IF NOT EXISTS import_files (
            path TEXT PRIMARY KEY,
            source TEXT NOT NULL,
            size BIGINT NOT NULL,
            read_to BIGINT NOT NULL,
            head TEXT NOT NULL,
            state TEXT NOT NULL
        )""",
        "CREATE INDEX IF NOT EXISTS requests_source ON requests (source)",
    ],
}
