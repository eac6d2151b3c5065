"""The writer in its own process, so analysis never competes with the event loop for the GIL.

The proxy process keeps only a queue feeder and a small listener thread; the child runs
the ordinary `RecordWriter` (Analyzer, store, spill, replay) and reports, a few times a
second and whenever something settles, how many records it has settled, the store's
state, and its counters for `/-/metrics`.

If the child dies (killed, out of memory, a crash in a native library), the listener
counts the records it had taken but not settled, and those still in its queue, as lost
(`writer_crashed`), and starts a new child on fresh queues: a dead reader may hold the old
queue's lock forever.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import queue
import signal
import threading
import time
from multiprocessing.reduction import ForkingPickler
from pathlib import Path
from typing import Any

from promptlint.diagnosis.exchange import Exchange
from promptlint.proxy import logs
from promptlint.proxy.metrics import Metrics
from promptlint.proxy.tee import ResponseTee
from promptlint.proxy.writer import RecordWriter, admit_body, default_analyzer

log = logging.getLogger("promptlint.proxy")

_REPORT_SECONDS = 0.02
# What the child holds in its own memory, beyond what it is writing: a kill -9 of the
# child loses these, while what still waits in the parent's queue is handed to the next.
_HANDOFF = 256
_MAX_RESTARTS = 5  # within _RESTART_WINDOW seconds; beyond that the writer stays down
_RESTART_WINDOW = 60.0


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
            "parent_pid": os.getpid(),
        }
        self._max_queued_bytes = max_queued_bytes
        self._lock = threading.Condition()
        # Held across a whole restart (new child created … started) and across close().
        self._restart_lock = threading.Lock()
        self._submitted = 0
        self._dropped = 0  # settled here: never reached a child, or lost with a dead one
        self._settled_base = 0  # settled by earlier children
        self._child_settled = 0
        self._child_bytes = 0
        self._queued_bytes = 0
        self._status: dict[str, Any] = {"store_ok": False, "store_error": None, "spill_pending": 0}
        self._closing = False
        self._close_done = threading.Event()
        self._restarts: list[float] = []
        self._in: Any = None
        self._out: Any = None
        self._proc: Any = None
        self._new_child()
        self._listener = threading.Thread(target=self._listen, name="promptlint-writer-listener")
        self._listener.daemon = True

    def _new_child(self) -> None:
        self._in = self._ctx.Queue(maxsize=self._max_queue)
        self._out = self._ctx.Queue()
        self._proc = self._ctx.Process(
            target=_child_main, args=(self._params, self._in, self._out), name="promptlint-writer"
        )

    def start(self) -> None:
        self._proc.start()
        self._listener.start()

    # -- event-loop side --------------------------------------------------------------------

    def submit(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None:
        if tee is not None:
            tee.release_decoder()  # a zlib object cannot cross processes; the stream is over
        with self._lock:
            size = admit_body(ex, tee, self._queued_bytes, self._max_queued_bytes, self.metrics)
            self._submitted += 1
            # Under the lock, so a restart cannot swap the queue between the check and the put.
            try:
                self._in.put_nowait((ex, provider, size, tee, content_encoding))
            except queue.Full:
                reason: str | None = "queue_full"
            except (ValueError, OSError):  # closed: the writer died and was not restarted
                reason = "writer_down"
            else:
                self._queued_bytes += size
                reason = None
            if reason is not None:
                self._dropped += 1
                self._lock.notify_all()
        if reason is not None:
            self.metrics.count_lost(reason)
            log.warning("record %s lost (%s; counted)", ex.request_id, reason)

    @property
    def depth(self) -> int:
        with self._lock:
            return self._submitted - self._dropped - self._settled_base - self._child_settled

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
        return int(self._status.get("spill_pending", 0))

    @property
    def restarts(self) -> int:
        return len(self._restarts)

    def flush(self, timeout: float = 30.0) -> bool:
        deadline = time.monotonic() + timeout
        with self._lock:
            target = self._submitted
            while self._dropped + self._settled_base + self._child_settled < target:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(min(left, 0.5))
        return True

    def close(self, timeout: float = 30.0) -> None:
        self._closing = True
        # A restart in progress has swapped in a child it has not started yet: wait for it,
        # so the sentinel goes to the queue the running child reads and join() has a process.
        with self._restart_lock:
            if self._proc.exitcode not in (None, 0) and not self._close_done.is_set():
                # The child died and the listener has not restarted it yet: a new child
                # takes over what the dead one left, then stops like any other. (Exit code
                # 0 is a child that was already stopped.)
                self._restart_locked()
            with contextlib.suppress(ValueError, OSError):
                self._in.put(None, timeout=timeout)
            self._proc.join(timeout)
            if self._proc.is_alive():
                log.error("writer process did not stop in %.0f s; terminating it", timeout)
                self._proc.terminate()
                self._proc.join(5)
        self._close_done.set()
        self._listener.join(5)
        # What the child did not take can no longer reach it (and is counted below): do not
        # let the queue's feeder thread hold the exit, writing to a pipe nobody reads.
        with contextlib.suppress(Exception):
            self._in.cancel_join_thread()
        with self._lock:
            lost = self._submitted - self._dropped - self._settled_base - self._child_settled
            self._dropped += max(0, lost)
        if lost > 0:
            self.metrics.count_lost("writer_stopped", lost)
            log.error("the writer stopped with %d records neither stored nor spilled (lost)", lost)
        self._in.close()
        self._out.close()

    # -- listener thread --------------------------------------------------------------------

    def _listen(self) -> None:
        while True:
            try:
                msg = self._out.get(timeout=0.5)
            except queue.Empty:
                if self._proc.is_alive():
                    continue
                if self._closing:
                    # close() restarts a dead child itself: keep reading its reports.
                    if self._close_done.is_set():
                        return
                    continue
                if not self._restart():
                    return
                continue
            except (EOFError, OSError, ValueError):
                if self._closing:
                    if self._close_done.is_set():
                        return
                    time.sleep(0.05)
                    continue
                if not self._restart():
                    return
                continue
            if msg is None:
                if self._closing:
                    return
                continue
            settled, settled_bytes, status, snapshot = msg
            self.metrics.set_remote(snapshot)
            with self._lock:
                self._queued_bytes -= settled_bytes - self._child_bytes
                self._child_bytes = settled_bytes
                self._child_settled = settled
                self._status = status
                self._lock.notify_all()

    def _restart(self) -> bool:
        """The child died: count what it took with it, start a new one on fresh queues."""
        with self._restart_lock:
            if self._closing:
                return False
            return self._restart_locked()

    def _restart_locked(self) -> bool:
        now = time.monotonic()
        self._restarts = [t for t in self._restarts if now - t < _RESTART_WINDOW]
        code = self._proc.exitcode
        with self._lock:
            old_in = self._in
            unsettled = self._submitted - self._dropped - self._settled_base - self._child_settled
            give_up = len(self._restarts) >= _MAX_RESTARTS
            # What the dead child had not read yet is still in the queue's pipe: take it
            # back for the next child. Only what it had taken with it is lost.
            salvaged = [] if give_up else _drain(old_in)
            lost = max(0, unsettled - len(salvaged))
            # Counters the dead child reported stay counted (they are in the store).
            self._settled_base += self._child_settled
            self._child_settled = 0
            self._child_bytes = 0
            self._dropped += lost
            self._queued_bytes = sum(item[2] for item in salvaged)
            with contextlib.suppress(Exception):
                old_in.close()  # later puts to it fail (and are counted), none vanish
                old_in.cancel_join_thread()
            if not give_up:
                self._new_child()
                for item in salvaged:
                    self._in.put_nowait(item)
            self._lock.notify_all()
        if lost:
            self.metrics.count_lost("writer_crashed", lost)
        log.error(
            "writer process died (exit code %s): %d records lost, %d handed to the next%s",
            code,
            lost,
            len(salvaged),
            "; not restarting (too many restarts)" if give_up else "; starting a new one",
        )
        # Keep the dead child's counters in /-/metrics: fold them into the local ones.
        self.metrics.fold_remote()
        if give_up:
            return False
        self._restarts.append(now)
        self._proc.start()
        return True


def _drain(q: Any) -> list[Any]:
    """The items a dead child left in its queue, in order: those in the pipe, then those
    the feeder thread had not sent yet.

    The queue's own get() cannot be used: a child killed while waiting in get() holds the
    queue's read lock forever. Nothing else reads this pipe once its child is dead, so it
    is read directly. (A child killed in the middle of reading one message leaves the
    rest unreadable: what is left then is lost, and counted.)
    """
    items: list[Any] = []
    with contextlib.suppress(Exception):
        while q._reader.poll(0.05):
            items.append(ForkingPickler.loads(q._reader.recv_bytes()))
    with contextlib.suppress(Exception), q._notempty:
        items.extend(q._buffer)
        q._buffer.clear()
    return [item for item in items if item is not None]


class _Stop(Exception):
    """Raised in the child's main thread by SIGTERM: stop as at the end of input."""


def _stop(_sig: int, _frame: Any) -> None:
    raise _Stop


def _die_with(parent: int) -> None:
    """End this child when the proxy that started it is gone (kill -9 included): a writer
    left behind holds the database and replays the spill file forever.

    A thread notices the parent's pid change within a second and stops the child as on a
    normal close: what it holds goes to the store or the spill file. (Linux's
    PR_SET_PDEATHSIG would be quicker, but it fires when the *thread* that started the
    child ends, and restarts start children from the listener thread.)
    """
    signal.signal(signal.SIGTERM, _stop)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        log.error("the proxy process is gone: the writer stops")
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="promptlint-parent-watch", daemon=True).start()


def _child_main(params: dict[str, Any], inq: Any, outq: Any) -> None:
    logging.basicConfig(level=logging.WARNING, format="promptlint proxy writer: %(message)s")
    logs.install()
    _die_with(params["parent_pid"])
    metrics = Metrics()
    writer = RecordWriter(
        params["store_url"],
        Path(params["spill_path"]),
        metrics,
        record_bodies=params["record_bodies"],
        analyzer_factory=default_analyzer,
        # A short hand-off queue: the bound that matters is the parent's (max_queue).
        max_queue=min(params["max_queue"], _HANDOFF),
        max_queued_bytes=params["max_queued_bytes"],
        retry_seconds=params["retry_seconds"],
        write_timeout=params["write_timeout"],
        block_when_full=True,  # the bound is the parent's queue: back-pressure, never drop here
    )
    writer.start()
    done = threading.Event()

    def report() -> None:
        last: Any = None
        while True:
            finished = done.is_set()
            state = writer.settled_state()
            status = {
                "store_ok": writer.store_ok,
                "store_error": writer.store_error,
                "spill_pending": writer.spill_pending,
            }
            snapshot = metrics.writer_snapshot()
            msg = (state[0], state[1], status, snapshot)
            if msg != last:
                outq.put(msg)
                last = msg
            if finished:
                return
            writer.wait_settled_change(state[0], _REPORT_SECONDS)

    reporter = threading.Thread(target=report, daemon=True)
    reporter.start()
    try:
        while True:
            item = inq.get()
            if item is None:
                break
            writer.submit(item[0], item[1], item[3], item[4])
    except (KeyboardInterrupt, _Stop, EOFError, OSError):
        pass
    finally:
        writer.close(timeout=60)
        done.set()
        reporter.join(10)
        outq.put(None)
