"""The embedded default store: one SQLite file in WAL mode (readers never block the writer)."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from promptlint.errors import UserError
from promptlint.store.base import StoreGone
from promptlint.store.sql import SQLStore

# How long a connection waits on another that holds the database.
BUSY_SECONDS = 30


class SQLiteStore(SQLStore):
    dialect = "sqlite"

    def __init__(self, path: str | Path, create: bool = True, migrate: bool = True) -> None:
        super().__init__()
        self.path = Path(path)
        self.location = f"store {self.path}"
        self.name = str(self.path)
        if not self.path.exists():
            if not create:
                raise UserError(f"no store at {self.path} (record with `promptlint proxy` first)")
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                # Recordings are private: SQLite gives the -wal and -shm files the mode of
                # the database file, so creating it 0600 covers all three.
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            except FileExistsError:
                pass  # created meanwhile by another process: open it as it is
            except OSError as e:
                raise UserError(f"cannot create store {self.path}: {e}") from None
        elif self.path.is_dir():
            raise UserError(f"store path {self.path} is a directory, not a SQLite file")
        try:
            # Autocommit mode: transactions are opened explicitly (BEGIN IMMEDIATE for writes).
            self._conn = sqlite3.connect(
                str(self.path), check_same_thread=False, isolation_level=None, timeout=BUSY_SECONDS
            )
        except sqlite3.Error as e:
            raise UserError(f"cannot open {self.location}: {e}") from None
        self._identity = _identity(self.path)
        try:
            self._conn.execute(f"PRAGMA busy_timeout = {BUSY_SECONDS * 1000}")
            # Refuse a foreign or newer database before changing anything in it (WAL mode).
            self.check_version(self.schema_version())
            mode = self._switch_to_wal()
            if mode is None or str(mode[0]).lower() != "wal":
                raise UserError(f"{self.location}: cannot switch to WAL mode ({mode})")
            self._conn.execute("PRAGMA synchronous = NORMAL")
            self._conn.execute("PRAGMA foreign_keys = ON")
            # Reports sort a million rows in GROUP BY: keep the sorter in memory, read by mmap.
            self._conn.execute("PRAGMA temp_store = MEMORY")
            self._conn.execute("PRAGMA cache_size = -65536")
            self._conn.execute("PRAGMA mmap_size = 268435456")
            self._open_schema(create=create, migrate=migrate)
        except sqlite3.DatabaseError as e:
            self._conn.close()
            raise UserError(f"{self.location} is not a readable promptlint store: {e}") from None
        except BaseException:
            self._conn.close()
            raise

    def _switch_to_wal(self) -> Any:
        """`PRAGMA journal_mode = WAL`, retried while another connection holds the file:
        SQLite does not call the busy handler for a journal-mode change, so proxies opening
        one new store together would otherwise fail with "database is locked"."""
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                return self._conn.execute("PRAGMA journal_mode = WAL").fetchone()
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _cursor(self) -> Any:
        return self._conn.cursor()

    def _begin_write(self, cur: Any) -> None:
        # A file deleted (or replaced) under an open connection takes every later write
        # with it, unseen: refuse, so the writer spills and opens the path again.
        if _identity(self.path) != self._identity:
            raise StoreGone(
                f"{self.location} was deleted or replaced while open: what was written to"
                " it before is gone with it; reopening"
            )
        cur.execute("BEGIN IMMEDIATE")

    def _commit(self) -> None:
        if self._conn.in_transaction:
            self._conn.commit()

    def _rollback(self) -> None:
        if self._conn.in_transaction:
            self._conn.rollback()

    def _table_names(self, cur: Any) -> set[str]:
        cur.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {r[0] for r in cur.fetchall()}

    def fetchall(self, sql: str, params: Any = ()) -> list[tuple[Any, ...]]:
        try:
            return super().fetchall(sql, params)
        except sqlite3.DatabaseError as e:
            raise UserError(f"{self.location}: {e}") from None

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino
