"""The writer in its own process, so analysis never competes with the event loop for the GIL.

The proxy process keeps only a pipe to the child and a small listener thread; the child
runs the ordinary `RecordWriter` (Analyzer, store, spill, replay) and reports, a few times
a second and whenever something settles, how many records it has settled, the store's
state, and its counters for `/-/metrics`.

Each record crosses to the child as one frame on a pipe only the proxy writes to and only
the child reads. `hand_off` returns once the frame is in the kernel's pipe buffer (or the
child's memory): from then on the record survives a kill -9 of the proxy, because the
child reads the pipe to its end (which comes when the proxy closes it, or dies) and
writes or spills everything it read before it exits. The server awaits `hand_off` before
the client sees the end of its response.

The proxy keeps every frame until the child reports it settled (written, spilled, or
counted lost there). If the child dies (killed, out of memory, a crash in a native
library), the proxy appends every frame not yet settled to the state dir's hand-over file
(handoff.py) at once, where they survive a kill -9 of the proxy too, and starts a new
child, which writes them before it deletes the file. Nothing is counted lost for a writer
crash; a stop that cannot hand its last records to a writer leaves them in that file too,
for the next start.

A child left by a dead proxy drains while a new proxy may already run on the same state
dir: each child holds the writer lock of the state dir while it writes, so the next one
replays the spill file only after the last one has finished with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import logging
import multiprocessing
import os
import pickle
import select
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from promptlint.diagnosis.exchange import Exchange
from promptlint.proxy import handoff, logs
from promptlint.proxy.metrics import Metrics
from promptlint.proxy.tee import ResponseTee
from promptlint.proxy.writer import RecordWriter, admit_body, default_analyzer

log = logging.getLogger("promptlint.proxy")

_REPORT_SECONDS = 0.02
_MAX_RESTARTS = 5  # within _RESTART_WINDOW seconds; beyond that the writer stays down
_RESTART_WINDOW = 60.0
WRITER_LOCK = "proxy-writer.lock"


@dataclass(slots=True)
class _Pending:
    """A record handed to a child and not yet reported settled."""

    seq: int
    frame: bytes
    size: int  # its bytes in the queue's byte budget


_STOP_FRAME = handoff.frame(None)


class _Outbox:
    """The proxy's end of one child's pipe: frames written in order, never blocking.

    `put` writes what the pipe takes at once; a thread writes the rest as the child reads.
    `on_written(seq)` is called (under no lock of ours) once a frame is wholly in the pipe.
    """

    def __init__(self, fd: int, on_written: Callable[[int], None]) -> None:
        os.set_blocking(fd, False)
        with contextlib.suppress(OSError, AttributeError):
            # A larger pipe takes a burst while the child is busy (1 MiB is Linux's limit
            # for unprivileged users by default).
            fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, 1024 * 1024)
        self._fd = fd
        self._on_written = on_written
        self._frames: deque[tuple[int, memoryview]] = deque()
        self._cond = threading.Condition()
        self._closed = False
        self.broken = False
        self._thread = threading.Thread(target=self._flush, name="promptlint-writer-pipe")
        self._thread.daemon = True
        self._thread.start()

    def put(self, seq: int, frame: bytes) -> None:
        written = False
        with self._cond:
            if self.broken or self._closed:
                return
            view = memoryview(frame)
            if not self._frames:
                view = self._write(view)
                written = not view and not self.broken
            if view:
                self._frames.append((seq, view))
                self._cond.notify_all()
        if written:
            self._on_written(seq)

    def _write(self, view: memoryview) -> memoryview:
        """Write what the pipe takes now (caller holds the lock); the rest of `view`
        (empty when the pipe is broken: see `broken`)."""
        try:
            while view:
                view = view[os.write(self._fd, view) :]
        except BlockingIOError:
            pass
        except OSError as exc:
            # The child is gone (EPIPE): the listener hands every frame it had not
            # settled (kept in `ProcessWriter._pending`) to the next one.
            if exc.errno != errno.EPIPE:
                log.warning("writing to the writer process failed: %s", exc)
            self.broken = True
            self._frames.clear()
            self._cond.notify_all()
            return memoryview(b"")
        return view

    def _flush(self) -> None:
        poller = select.poll()
        poller.register(self._fd, select.POLLOUT)
        while True:
            with self._cond:
                while not self._frames and not self._closed:
                    self._cond.wait()
                if not self._frames:
                    return
            poller.poll(200)
            done: list[int] = []
            with self._cond:
                while self._frames:
                    seq, view = self._frames[0]
                    view = self._write(view)
                    if self.broken:
                        break
                    if view:
                        self._frames[0] = (seq, view)
                        break
                    self._frames.popleft()
                    done.append(seq)
                self._cond.notify_all()
            for seq in done:
                self._on_written(seq)

    def finish(self, timeout: float) -> bool:
        """Write what is queued (within `timeout`), then close the pipe: the child reads
        to its end and stops. False if frames were left unwritten."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._frames and not self.broken:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._cond.wait(min(left, 0.2))
            complete = not self._frames
        self.close()
        return complete

    def close(self) -> None:
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._frames.clear()
            self._cond.notify_all()
        self._thread.join(5)
        with contextlib.suppress(OSError):
            os.close(self._fd)


class ProcessWriter:
    """The `Writer` backed by a child process running a `RecordWriter`."""

    in_process = False

    def __init__(
        self,
        store_url: str,
        spill_path: Path,
        metrics: Metrics,
        record_bodies: str = "redacted",
        max_queue: int = 20_000,
        max_queued_bytes: int = 512 * 1024 * 1024,
        retry_seconds: float = 2.0,
        write_timeout: float = 10.0,
        handoff_timeout: float = 2.0,
    ) -> None:
        self.store_url = store_url
        self.metrics = metrics
        self._ctx = multiprocessing.get_context("spawn")
        self._max_queue = max_queue
        self._params = {
            "store_url": store_url,
            "spill_path": str(spill_path),
            "record_bodies": record_bodies,
            "max_queue": max_queue,
            "max_queued_bytes": max_queued_bytes,
            "retry_seconds": retry_seconds,
            "write_timeout": write_timeout,
        }
        self._max_queued_bytes = max_queued_bytes
        self._state_dir = spill_path.parent
        # Records in the hand-over file: left by a dead child for the next, or by close().
        self._handed_over = 0
        self._lock = threading.Condition()
        # Held across a whole restart (new child created … started) and across close().
        self._restart_lock = threading.Lock()
        self._seq = 0
        self._pending: deque[_Pending] = deque()  # in the order the child reads them
        self._queued_bytes = 0
        self._child_settled = 0  # of the current child's records, those already popped
        self._waiters: dict[int, asyncio.Future[None]] = {}
        self._unwritten: set[int] = set()  # frames not yet wholly in the current child's pipe
        self._handoff_timeout = handoff_timeout
        self._status: dict[str, Any] = {"store_ok": False, "store_error": None, "spill_pending": 0}
        self._closing = False
        self._close_done = threading.Event()
        self._restarts: list[float] = []
        self._outbox: _Outbox | None = None
        self._down = False  # stopped, or given up after too many restarts: nothing is taken
        self._reports: Any = None
        self._proc: Any = None
        self._new_child()
        self._listener = threading.Thread(target=self._listen, name="promptlint-writer-listener")
        self._listener.daemon = True

    def _new_child(self) -> None:
        """A new child on new pipes (caller holds `_lock` or is the constructor); started by
        `_start_child`."""
        frames_r, frames_w = self._ctx.Pipe(duplex=False)
        reports_r, reports_w = self._ctx.Pipe(duplex=False)
        self._proc = self._ctx.Process(
            target=_child_main,
            args=(self._params, frames_r, reports_w),
            name="promptlint-writer",
        )
        self._child_ends = (frames_r, reports_w)
        self._reports = reports_r
        fd = os.dup(frames_w.fileno())
        frames_w.close()
        self._outbox = _Outbox(fd, self._written)

    def _start_child(self) -> None:
        self._proc.start()
        # Only the child holds these ends now: its death is an EOF (reports) and an EPIPE
        # (frames) here, and this process's death is an EOF there.
        for end in self._child_ends:
            end.close()

    def start(self) -> None:
        self._start_child()
        self._listener.start()

    # -- event-loop side --------------------------------------------------------------------

    def submit(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None:
        self._send(ex, provider, tee, content_encoding)

    async def hand_off(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None:
        """`submit`, returning once the record is in the child's pipe (or counted lost)."""
        seq = self._send(ex, provider, tee, content_encoding)
        if seq is None:
            return
        with self._lock:
            if seq not in self._unwritten:
                return
            fut = asyncio.get_running_loop().create_future()
            self._waiters[seq] = fut
        try:
            # A frozen child must not hold every response: past the bound the response
            # ends with the record still only here (kill -9 of the proxy would lose it).
            await asyncio.wait_for(asyncio.shield(fut), self._handoff_timeout)
        except asyncio.TimeoutError:
            self.metrics.count_record("handed_off_late")
            log.warning(
                "the writer process is not reading: a response ended before its record reached it"
            )

    def _send(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None,
        content_encoding: str | None,
    ) -> int | None:
        """Queue the record for the child; its sequence number, or None if counted lost."""
        if tee is not None:
            tee.release_decoder()  # a zlib object cannot cross processes; the stream is over
        reason: str | None = None
        with self._lock:
            if self._down:
                reason = "writer_down"
            elif len(self._pending) >= self._max_queue:
                reason = "queue_full"
            else:
                size = admit_body(ex, tee, self._queued_bytes, self._max_queued_bytes, self.metrics)
                self._seq += 1
                seq = self._seq
                entry = _Pending(
                    seq, handoff.frame((ex, provider, size, tee, content_encoding)), size
                )
                self._pending.append(entry)
                self._queued_bytes += size
                self._unwritten.add(seq)
                outbox = self._outbox
        if reason is not None:
            self.metrics.count_lost(reason)
            log.warning("record %s lost (%s; counted)", ex.request_id, reason)
            return None
        if outbox is not None:  # None while a restart is under way: the next child gets it
            outbox.put(seq, entry.frame)
        return seq

    def _written(self, seq: int) -> None:
        """The frame of `seq` is wholly in the current child's pipe (any thread)."""
        with self._lock:
            self._unwritten.discard(seq)
            fut = self._waiters.pop(seq, None)
        if fut is not None:
            _resolve(fut)

    def _release_waiters(self) -> None:
        """Let every waiting response end (caller holds `_lock`): the records are counted."""
        self._unwritten.clear()
        for fut in self._waiters.values():
            _resolve(fut)
        self._waiters.clear()

    @property
    def depth(self) -> int:
        with self._lock:
            return len(self._pending)

    @property
    def store_ok(self) -> bool:
        return bool(self._status.get("store_ok")) and self._proc.is_alive()

    @property
    def store_error(self) -> str | None:
        if not self._proc.is_alive() and self._proc.exitcode not in (None, 0):
            return f"writer process exited with code {self._proc.exitcode}"
        error: str | None = self._status.get("store_error")
        return error

    @property
    def spill_pending(self) -> int:
        """Records waiting in the state dir for the next writer (spill and hand-over files)."""
        return int(self._status.get("spill_pending", 0)) + self._handed_over

    @property
    def restarts(self) -> int:
        return len(self._restarts)

    def flush(self, timeout: float = 30.0) -> bool:
        deadline = time.monotonic() + timeout
        with self._lock:
            target = self._seq
            while (self._pending and self._pending[0].seq <= target) or self._handed_over:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(min(left, 0.5))
        return True

    def close(self, timeout: float = 30.0) -> None:
        self._closing = True
        # A restart in progress has swapped in a child it has not started yet: wait for it,
        # so the pipe closed below is the one the running child reads.
        with self._restart_lock:
            if not self._proc.is_alive() and self._pending and not self._close_done.is_set():
                # The child died (or was stopped) with records pending, and the listener
                # has not restarted it yet: a new child takes them over, then stops.
                self._restart_locked()
            outbox = self._outbox
            if outbox is not None:
                outbox.put(0, _STOP_FRAME)  # an end without it is the proxy's death
                outbox.finish(timeout)
            self._proc.join(timeout)
            if self._proc.is_alive():
                log.error("writer process did not stop in %.0f s; terminating it", timeout)
                self._proc.terminate()
                self._proc.join(5)
        self._close_done.set()
        self._listener.join(5)
        with self._lock:
            self._down = True
            left = list(self._pending)
            self._pending.clear()
            self._queued_bytes = 0
            self._outbox = None
            self._release_waiters()
            self._lock.notify_all()
        if left and self._hand_over(left):
            # The writer did not settle them: the next start's writer takes them over.
            self._handed_over += len(left)
        with contextlib.suppress(OSError):
            self._reports.close()

    def _hand_over(self, left: list[_Pending]) -> bool:
        """Put records a writer took and did not settle into the hand-over file."""
        try:
            handoff.append(self._state_dir, (p.frame for p in left))
        except OSError as exc:
            self.metrics.count_lost("handoff_failed", len(left))
            log.error(
                "cannot write %s: %d records lost (counted): %s",
                self._state_dir / handoff.NAME,
                len(left),
                exc,
            )
            return False
        return True

    # -- listener thread --------------------------------------------------------------------

    def _listen(self) -> None:
        while True:
            reports = self._reports
            try:
                ready = reports.poll(0.5)
                msg = reports.recv() if ready else None
            except (EOFError, OSError, ValueError):
                ready, msg = True, None  # the child is gone (or its pipe closed by close())
            if msg is not None:
                self._settle(msg)
                continue
            if not ready and self._proc.is_alive():
                continue
            # The child is gone: wait for its exit, then restart it (or end, when closing).
            self._proc.join(1)
            if self._closing:
                if self._close_done.is_set():
                    return
                time.sleep(0.05)
                continue
            if self._proc.is_alive():
                continue
            if not self._restart():
                return

    def _settle(self, msg: tuple[int, dict[str, Any], dict[str, Any]]) -> None:
        settled, status, snapshot = msg
        self.metrics.set_remote(snapshot)
        with self._lock:
            # The child settles in the order it reads, which is the order of `_pending`.
            while self._child_settled < settled and self._pending:
                done = self._pending.popleft()
                self._queued_bytes -= done.size
                self._child_settled += 1
            self._status = status
            if status.get("taken_over"):
                self._handed_over = 0  # the child has written (or spilled) the hand-over
            self._lock.notify_all()

    def _restart(self) -> bool:
        """The child died: start a new one that gets every record the dead one had not settled."""
        with self._restart_lock:
            if self._closing:
                return False
            return self._restart_locked()

    def _restart_locked(self) -> bool:
        now = time.monotonic()
        self._restarts = [t for t in self._restarts if now - t < _RESTART_WINDOW]
        code = self._proc.exitcode
        give_up = len(self._restarts) >= _MAX_RESTARTS
        with self._lock:
            old, self._outbox = self._outbox, None
        if old is not None:
            old.close()  # not under _lock: its thread may be waiting for it
        with self._lock:
            with contextlib.suppress(OSError):
                self._reports.close()
            left = list(self._pending)
            self._pending.clear()
            self._queued_bytes = 0
            self._child_settled = 0
            # At once, under the lock: until they are in the file, these records (whose
            # clients have their answers) are only in this process's memory.
            if self._hand_over(left):
                self._handed_over += len(left)
            self._release_waiters()
            if give_up:
                self._down = True
            else:
                self._new_child()
            self._lock.notify_all()
        log.error(
            "writer process died (exit code %s): %d records it held handed to the next in %s%s",
            code,
            len(left),
            self._state_dir / handoff.NAME,
            "; not restarting (too many restarts)" if give_up else "; starting a new one",
        )
        # Keep the dead child's counters in /-/metrics: fold them into the local ones.
        self.metrics.fold_remote()
        if give_up:
            return False
        self._restarts.append(now)
        self._start_child()
        return True


def _resolve(fut: asyncio.Future[None]) -> None:
    loop = fut.get_loop()

    def done() -> None:
        if not fut.done():
            fut.set_result(None)

    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(done)


class _Stop(Exception):
    """Raised in the child's main thread by SIGTERM: stop reading, settle what was read."""


def _stop(_sig: int, _frame: Any) -> None:
    raise _Stop


def _lock_state_dir(spill_path: Path) -> None:
    """Wait for the writer lock of the state dir: a child left by a killed proxy may still
    be writing and spilling what it was handed. Held until this process exits."""
    try:
        fd = os.open(spill_path.with_name(WRITER_LOCK), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:  # the proxy holds the state dir's own lock: write unlocked
        log.error("cannot open the writer lock in %s: %s", spill_path.parent, exc)
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        log.warning("waiting for the writer of an earlier proxy to finish with %s", spill_path)
        fcntl.flock(fd, fcntl.LOCK_EX)


def _take_over(
    state_dir: Path, metrics: Metrics, taken_over: threading.Event
) -> tuple[list[Any], Any]:
    """What dead writers left in the hand-over files, and how to delete them once it is
    written or spilled."""
    items, bad, files = handoff.claim(state_dir)
    if bad:
        metrics.count_lost("handoff_unreadable", bad)
        log.error("a cut record at the end of a hand-over file in %s (counted lost)", state_dir)
    if items:
        log.warning("writing %d records an earlier writer left in %s", len(items), state_dir)

    def done() -> None:
        for path in files:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        taken_over.set()

    return [(i[0], i[1], 0, i[3], i[4]) for i in items], done


def _child_main(params: dict[str, Any], frames: Any, reports: Any) -> None:
    logging.basicConfig(level=logging.WARNING, format="promptlint proxy writer: %(message)s")
    logs.install()
    # Ctrl-C reaches the whole process group: the proxy decides, and closes the pipe.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop)
    metrics = Metrics()
    spill_path = Path(params["spill_path"])
    taken_over = threading.Event()
    writer = RecordWriter(
        params["store_url"],
        spill_path,
        metrics,
        record_bodies=params["record_bodies"],
        analyzer_factory=default_analyzer,
        # The proxy never has more than max_queue records pending: this never blocks.
        max_queue=params["max_queue"] + 1,
        max_queued_bytes=params["max_queued_bytes"],
        retry_seconds=params["retry_seconds"],
        write_timeout=params["write_timeout"],
        block_when_full=True,
        before_run=lambda: _lock_state_dir(spill_path),
        take_over=lambda: _take_over(spill_path.parent, metrics, taken_over),
    )
    writer.start()
    done = threading.Event()

    def report() -> None:
        last: Any = None
        while True:
            finished = done.is_set()
            settled = writer.settled_state()[0]
            status = {
                "store_ok": writer.store_ok,
                "store_error": writer.store_error,
                "spill_pending": writer.spill_pending,
                "taken_over": taken_over.is_set(),
            }
            msg = (settled, status, metrics.writer_snapshot())
            if msg != last:
                try:
                    reports.send(msg)
                except OSError:
                    return  # the proxy is gone: nobody reads reports any more
                last = msg
            if finished:
                return
            writer.wait_settled_change(settled, _REPORT_SECONDS)

    reporter = threading.Thread(target=report, daemon=True)
    reporter.start()
    received = 0
    orphan = False
    try:
        while True:
            try:
                data = frames.recv_bytes()
            except EOFError:
                # The pipe's end without a stop first: the proxy died. (Its pid may still
                # be our parent's for a moment: a dying process closes its files first.)
                orphan = True
                break
            item = pickle.loads(data)
            if item is None:
                break  # the proxy stops: all it sent is read
            ex, provider, _size, tee, encoding = item
            writer.submit(ex, provider, tee, encoding)
            received += 1
    except (_Stop, OSError):
        pass
    finally:
        if orphan:
            left = received - writer.settled_state()[0]
            log.error("the proxy is gone: writing the %d records it handed over last", left)
        writer.close(timeout=3600)
        done.set()
        reporter.join(10)
        if orphan:
            lost = metrics.total_lost()
            log.error(
                "the proxy's last records are settled: %d lost%s",
                lost,
                f", {writer.spill_pending} waiting in {spill_path}" if writer.spill_pending else "",
            )
