"""Reading a JSON-lines log that its agent may still be writing: streamed, resumable."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

# The head identifies a file across imports: a log rewritten in place (or a new file at the
# same path) has another head, and is read again from the start.
HEAD_BYTES = 4096


@dataclass
class LineErrors:
    """Complete lines that are not JSON objects: counted and said, never silently dropped."""

    count: int = 0
    first: str | None = None  # "path:line: reason"

    def add(self, where: str, reason: str) -> None:
        self.count += 1
        if self.first is None:
            self.first = f"{where}: {reason}"


@dataclass
class Line:
    number: int  # 1-based, counted from where reading started
    end: int  # byte offset just past this line's newline
    data: dict[str, Any]


@dataclass
class JsonLines:
    """The complete lines of `path` from byte `start`; a last line without its newline is
    being written and is left for the next import (`read_to` stops before it)."""

    path: Path
    start: int = 0
    wanted: tuple[bytes, ...] = ()  # lines holding none of these are passed over unparsed
    errors: LineErrors = field(default_factory=LineErrors)
    read_to: int = 0

    def __iter__(self) -> Iterator[Line]:
        self.read_to = self.start
        with self.path.open("rb") as f:
            f.seek(self.start)
            yield from self._lines(f)

    def _lines(self, f: BinaryIO) -> Iterator[Line]:
        number = 0
        offset = self.start
        for raw in f:
            if not raw.endswith(b"\n"):
                return  # a partial last line: the agent is still writing it
            number += 1
            offset += len(raw)
            self.read_to = offset
            if self.wanted and not any(w in raw for w in self.wanted):
                continue
            try:
                data = json.loads(raw)
            except ValueError as e:
                self.errors.add(f"{self.path}:{number}", f"not JSON ({e})")
                continue
            if not isinstance(data, dict):
                self.errors.add(f"{self.path}:{number}", "not a JSON object")
                continue
            yield Line(number, offset, data)


def file_head(path: Path, size: int) -> str:
    """`N:sha1` of the first N = min(size, HEAD_BYTES) bytes: a file that only grew since
    keeps the head it had, whatever was appended."""
    n = min(size, HEAD_BYTES)
    with path.open("rb") as f:
        return f"{n}:{hashlib.sha1(f.read(n)).hexdigest()}"


def same_head(path: Path, head: str) -> bool:
    n, _, _ = head.partition(":")
    return n.isdigit() and file_head(path, int(n)) == head
