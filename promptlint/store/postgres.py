"""PostgreSQL store (psycopg 3): one database for a fleet of proxies."""

from __future__ import annotations

from typing import Any

from promptlint.errors import UserError
from promptlint.store.sql import SQLStore

# pg_advisory_xact_lock key: serialises schema migrations between concurrent openers.
_MIGRATION_LOCK = 0x706C5F73746F7265  # "pl_store"


def _where(url: str) -> str:
    """host:port/dbname; never the user or password."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        d = conninfo_to_dict(url)
    except Exception:
        return "?"
    host = d.get("host") or "localhost"
    port = d.get("port") or "5432"
    return f"{host}:{port}/{d.get('dbname') or d.get('user') or ''}"


class PostgresStore(SQLStore):
    dialect = "postgresql"

    def __init__(self, url: str, create: bool = True, migrate: bool = True) -> None:
        super().__init__()
        import psycopg

        self._psycopg = psycopg
        self.location = f"PostgreSQL store {_where(url)}"
        self.name = f"postgresql://{_where(url)}"
        try:
            # Autocommit: write transactions are opened explicitly with BEGIN.
            self._conn = psycopg.connect(url, autocommit=True, connect_timeout=10)
        except psycopg.Error as e:
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            raise UserError(f"cannot connect to {self.location}: {first}") from None
        try:
            self._open_schema(create=create, migrate=migrate)
        except psycopg.Error as e:
            self._conn.close()
            raise UserError(f"{self.location}: {str(e).strip().splitlines()[0]}") from None
        except BaseException:
            self._conn.close()
            raise

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _cursor(self) -> Any:
        return self._conn.cursor()

    def _begin_write(self, cur: Any) -> None:
        cur.execute("BEGIN")

    def _in_tx(self) -> bool:
        from psycopg.pq import TransactionStatus

        return bool(self._conn.info.transaction_status != TransactionStatus.IDLE)

    def _commit(self) -> None:
        if self._in_tx():
            self._conn.execute("COMMIT")

    def _rollback(self) -> None:
        if self._in_tx():
            self._conn.execute("ROLLBACK")

    def _table_names(self, cur: Any) -> set[str]:
        cur.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {r[0] for r in cur.fetchall()}

    def _lock_for_migration(self, cur: Any) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))

    def fetchall(self, sql: str, params: Any = ()) -> list[tuple[Any, ...]]:
        try:
            return super().fetchall(sql, params)
        except self._psycopg.Error as e:
            raise UserError(f"{self.location}: {str(e).strip().splitlines()[0]}") from None

    def close(self) -> None:
        with self._lock:
            self._conn.close()
