"""The proxy's state directory: private to its user, and one proxy's at a time.

It holds the salt of the key hashes and the spill file (and, by default, the SQLite
store). Two proxies sharing one would replay and truncate each other's spill file and lose
records without counting them, so the directory is locked for as long as a proxy runs: a
second proxy on the same directory is refused with one line, before it listens.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from promptlint.errors import UserError

LOCK_NAME = "proxy.lock"


class StateDir:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self) -> StateDir:
        """Create the directory (0700), and hold its lock until `release`."""
        try:
            self.path.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.chmod(self.path, 0o700)
            fd = os.open(self.path / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as e:
            raise UserError(f"cannot use state dir {self.path}: {e.strerror or e}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise UserError(
                f"another promptlint proxy (pid {holder}) is using state dir {self.path}:"
                " give this one its own --state-dir"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the lock
            self._fd = None
