"""Schema version 1, shared by SQLite and PostgreSQL (portable SQL only).

Later versions are added as migrations; `meta.schema_version` says which is applied.
"""

SCHEMA_VERSION = 1

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
