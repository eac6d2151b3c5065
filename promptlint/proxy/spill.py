"""A local JSONL file that holds records while the store is failing, replayed later."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from promptlint.store.records import BreakRecord, RequestRecord


def record_to_json(record: RequestRecord) -> str:
    return json.dumps(asdict(record), sort_keys=True, ensure_ascii=False)


def record_from_json(line: str) -> RequestRecord:
    data: dict[str, Any] = json.loads(line)
    breaks = [BreakRecord(**b) for b in data.pop("breaks", [])]
    return RequestRecord(**data, breaks=breaks)


class SpillFile:
    """Append-only while the store fails; emptied once every line is in the store."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, records: Sequence[RequestRecord]) -> None:
        """All of `records` or none: a write that fails part-way (a full disk) is cut
        back, so the next line never glues onto half a line."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = memoryview("".join(record_to_json(r) + "\n" for r in records).encode())
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            start = os.fstat(fd).st_size
            try:
                while data:
                    data = data[os.write(fd, data) :]
                os.fsync(fd)
            except OSError:
                os.ftruncate(fd, start)
                raise
        finally:
            os.close(fd)

    def pending(self) -> bool:
        try:
            return self.path.stat().st_size > 0
        except FileNotFoundError:
            return False

    def count(self) -> int:
        try:
            with self.path.open("rb") as fh:
                return sum(1 for line in fh if line.strip())
        except FileNotFoundError:
            return 0

    def read_batches(self, size: int) -> Iterator[tuple[list[RequestRecord], int]]:
        """Batches of records, with the number of unreadable lines skipped in each."""
        batch: list[RequestRecord] = []
        bad = 0
        with self.path.open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if not line.strip():
                    continue
                try:
                    batch.append(record_from_json(line))
                except (ValueError, TypeError):
                    bad += 1
                if len(batch) >= size:
                    yield batch, bad
                    batch, bad = [], 0
        if batch or bad:
            yield batch, bad

    def clear(self) -> None:
        # Truncate rather than unlink so the file keeps its 0600 mode and owner.
        with self.path.open("r+b") as fh:
            fh.truncate(0)
