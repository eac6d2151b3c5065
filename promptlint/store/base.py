"""The store interface. SQLite and PostgreSQL implement it and pass one test suite."""

from __future__ import annotations

import abc
from collections.abc import Iterator, Sequence
from typing import Any

from promptlint.store.records import RequestRecord

DEFAULT_STORE_URL = "sqlite:///.promptlint/recordings.db"


class StoreGone(Exception):
    """The store's file is no longer at its path (deleted or replaced while open): what
    was written to it is gone with it; opening the path again gives a store to write to."""


class Store(abc.ABC):
    """Recordings of requests and their prefix breaks."""

    @abc.abstractmethod
    def write(self, records: Sequence[RequestRecord]) -> None:
        """Write records (and their breaks) in one transaction. Idempotent per record id."""

    @abc.abstractmethod
    def request(self, request_id: str) -> RequestRecord | None:
        """One request with its breaks."""

    @abc.abstractmethod
    def session_requests(self, session_id: str) -> list[RequestRecord]:
        """A session's requests in arrival order, each with its breaks."""

    @abc.abstractmethod
    def sessions(self, since: str | None = None, until: str | None = None) -> list[dict[str, Any]]:
        """Per session: id, model, key_hash, first/last ts, requests, token classes,
        hit rate by tokens, avoidable-miss tokens and dollars."""

    @abc.abstractmethod
    def iter_requests(
        self, since: str | None = None, until: str | None = None
    ) -> Iterator[RequestRecord]:
        """Every request in arrival order (for export)."""

    @abc.abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
