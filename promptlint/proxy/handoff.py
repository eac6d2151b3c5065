"""The hand-over file: records a dead writer process held, kept for the next one.

The proxy keeps every record it handed to its writer process until the writer reports it
settled. When the writer dies, the proxy appends those records to `proxy-handoff.bin` in
the state dir, framed as on the pipe, at once: from then on they survive a kill -9 of the
proxy too (the file is in the kernel's page cache), where a copy in the proxy's memory
would not. The next writer, once it holds the state dir's writer lock, claims the file
(renames it to `proxy-handoff.PID.bin`), writes or spills every record in it, and only
then deletes it; a writer that dies before that leaves the claimed file to the next.
Records are written by id, so a record the dead writer had already written is written
again, not twice.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
from collections.abc import Iterable
from pathlib import Path
from typing import Any

NAME = "proxy-handoff.bin"
_CLAIMED = "proxy-handoff.*.bin"


def frame(item: Any) -> bytes:
    """`item` pickled and framed as multiprocessing's `Connection.recv_bytes` reads it."""
    payload = pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
    n = len(payload)
    head = struct.pack("!i", n) if n <= 0x7FFFFFFF else struct.pack("!iQ", -1, n)
    return head + payload


def append(state_dir: Path, frames: Iterable[bytes]) -> None:
    """Add `frames` to the hand-over file (0600); all of them or, on an error, none."""
    data = memoryview(b"".join(frames))
    if not data:
        return
    fd = os.open(state_dir / NAME, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        start = os.fstat(fd).st_size
        try:
            while data:
                data = data[os.write(fd, data) :]
        except OSError:
            os.ftruncate(fd, start)
            raise
    finally:
        os.close(fd)


def claim(state_dir: Path) -> tuple[list[Any], int, list[Path]]:
    """The items of every hand-over file, oldest first, the number of unreadable frames,
    and the files to delete once every item is written or spilled. Call holding the
    state dir's writer lock."""
    with contextlib.suppress(FileNotFoundError):
        os.rename(state_dir / NAME, state_dir / f"proxy-handoff.{os.getpid()}.bin")
    files = _files(state_dir)
    items: list[Any] = []
    bad = 0
    for path in files:
        got, unreadable = _read(path)
        items.extend(got)
        bad += unreadable
    return items, bad, files


def _files(state_dir: Path) -> list[Path]:
    found = [p for p in (state_dir / NAME, *state_dir.glob(_CLAIMED)) if p.exists()]
    return sorted(found, key=lambda p: p.stat().st_mtime_ns)


def _read(path: Path) -> tuple[list[Any], int]:
    """The items in one file, and 1 if it ends in a cut or unreadable frame (a full disk,
    a kill mid-write): what follows such a frame cannot be found again."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return [], 0
    items: list[Any] = []
    at = 0
    while at < len(data):
        try:
            (n,) = struct.unpack_from("!i", data, at)
            at += 4
            if n == -1:
                (n,) = struct.unpack_from("!Q", data, at)
                at += 8
            if n < 0 or at + n > len(data):
                return items, 1
            items.append(pickle.loads(data[at : at + n]))
            at += n
        except Exception:
            return items, 1
    return items, 0
