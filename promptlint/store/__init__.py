"""Recordings: one store interface, SQLite (embedded default) and PostgreSQL.

`open_store(url)` picks the backend; each backend module is imported only when its URL is
opened (PostgreSQL's driver is not loaded for a SQLite store).
"""

from __future__ import annotations

from promptlint.errors import UserError
from promptlint.store.base import DEFAULT_STORE_URL, Store


def open_store(url: str = DEFAULT_STORE_URL, create: bool = True, migrate: bool = True) -> Store:
    """`sqlite:///relative/path.db`, `sqlite:////abs/path.db`, a bare path, or `postgresql://…`.

    `create=False` refuses to start an empty store (readers such as `report`); `migrate=False`
    refuses to upgrade an older schema (raise instead). Errors are `UserError`s, one line.
    """
    if url.startswith(("postgresql://", "postgres://")):
        from promptlint.store.postgres import PostgresStore

        return PostgresStore(url, create=create, migrate=migrate)
    if url.startswith("sqlite://") or "://" not in url:
        from promptlint.store.sqlite import SQLiteStore

        path = url[len("sqlite:///") :] if url.startswith("sqlite:///") else url
        return SQLiteStore(path, create=create, migrate=migrate)
    raise UserError(f"unknown store URL {url!r}: use sqlite:///PATH or postgresql://…")
