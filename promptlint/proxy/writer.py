"""The background writer: a bounded queue, the Analyzer, batched store writes, spill, replay.

Runs in one thread so the Analyzer (stateful, synchronous) and the store never touch the
event loop. Every record submitted ends in exactly one of: written, spilled (replayed
later), or lost — and losses are counted and logged, never silent.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Protocol, TypeVar

from promptlint.causes import Cause
from promptlint.diagnosis.exchange import Exchange
from promptlint.proxy.metrics import Metrics
from promptlint.proxy.spill import SpillFile
from promptlint.proxy.tee import ResponseTee, decode_body, extract
from promptlint.proxy.usage_only import usage_only_record
from promptlint.store import open_store
from promptlint.store.base import Store, StoreGone
from promptlint.store.records import RequestRecord

log = logging.getLogger("promptlint.proxy")
T = TypeVar("T")

_STOP = object()


class Writer(Protocol):
    """What the proxy asks of its writer, in a thread (`RecordWriter`) or a process.

    `submit` never blocks the event loop; every record submitted ends written, spilled
    (replayed later) or counted lost in `metrics`.
    """

    metrics: Metrics

    @property
    def in_process(self) -> bool:
        """True when analysis runs in a thread of this process, beside the event loop."""
        ...

    def start(self) -> None: ...

    def submit(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None: ...

    async def hand_off(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None:
        """`submit`, returning once the record would outlive a kill -9 of this process
        (in another process's hands or the kernel's), if the writer can promise that."""
        ...

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every record submitted so far is settled; False on timeout."""
        ...

    def close(self, timeout: float = 30.0) -> None: ...

    @property
    def depth(self) -> int:
        """Records submitted and not yet settled."""
        ...

    @property
    def store_ok(self) -> bool: ...

    @property
    def store_error(self) -> str | None: ...

    @property
    def spill_pending(self) -> int: ...


class AnalyzerLike(Protocol):
    def analyze(self, ex: Exchange) -> RequestRecord: ...


def default_analyzer(record_bodies: str) -> AnalyzerLike:
    # Imported here, in the writer thread or process: the proxy's event loop never needs it.
    from promptlint.diagnosis.analyzer import Analyzer

    return Analyzer(record_bodies=record_bodies)


def admit_body(
    ex: Exchange,
    tee: ResponseTee | None,
    queued_bytes: int,
    max_queued_bytes: int,
    metrics: Metrics,
) -> int:
    """The bytes `ex` and its response copy add to a writer queue holding `queued_bytes`,
    caller holding its lock.

    Over the byte budget the response copy goes first (its usage is lost), then the request
    body; each drop is noted on the record and counted lost. The record is always kept.
    """
    size = len(ex.request_body)
    copy = tee.held_bytes if tee is not None else 0
    if tee is not None and copy and queued_bytes + size + copy > max_queued_bytes:
        tee.drop()
        copy = 0
        _note(ex, "usage not recorded: response copy over the writer queue's byte budget")
        metrics.count_lost("response_over_budget")
        log.warning("response copy of %s dropped: writer queue over its byte budget", ex.request_id)
    if size and queued_bytes + size > max_queued_bytes:
        ex.request_body = b""
        size = 0
        _note(ex, "body not recorded: writer queue over its byte budget")
        metrics.count_lost("body_over_budget")
    return size + copy


def _note(ex: Exchange, note: str) -> None:
    ex.error = "; ".join(e for e in (ex.error, note) if e)


def _within(timeout: float, fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` run in a daemon thread; TimeoutError if it has not returned in time."""
    done = threading.Event()
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(fn(*args))
        except BaseException as exc:
            failure.append(exc)
        finally:
            done.set()

    threading.Thread(target=run, name="promptlint-store-call", daemon=True).start()
    if not done.wait(timeout):
        raise TimeoutError
    if failure:
        raise failure[0]
    return result[0]


def decode_request_body(ex: Exchange) -> None:
    """The analysis reads the body decoded: the proxy forwarded it as received (gzip and
    all), so only the writer's own copy is decompressed."""
    encoding = ex.request_headers.get("content-encoding")
    if not encoding or encoding.strip().lower() == "identity" or not ex.request_body:
        return
    decoded = decode_body(ex.request_body, encoding)
    if decoded is None:
        ex.request_body = b""
        note = f"request body not analysed: cannot decode Content-Encoding {encoding!r}"
        _note(ex, note)
    else:
        ex.request_body = decoded


class RecordWriter:
    """The `Writer` in a thread of this process (also the child's writer in `ProcessWriter`)."""

    in_process = True

    def __init__(
        self,
        store_url: str,
        spill_path: Path,
        metrics: Metrics,
        record_bodies: str = "redacted",
        analyzer_factory: Callable[[str], AnalyzerLike] = default_analyzer,
        max_queue: int = 20_000,
        max_queued_bytes: int = 512 * 1024 * 1024,
        batch_size: int = 256,
        retry_seconds: float = 2.0,
        block_when_full: bool = False,
        write_timeout: float = 10.0,
        before_run: Callable[[], None] | None = None,
        take_over: Callable[[], tuple[Sequence[tuple[Any, ...]], Callable[[], None]]] | None = None,
    ) -> None:
        self.store_url = store_url
        # Run first in the writer thread: `before_run`, then (once the store is tried and
        # the spill file replayed) `take_over`, which gives records to persist before the
        # queue's (not counted as settled: they were never submitted) and what to call
        # once they are written or spilled.
        self._before_run = before_run
        self._take_over = take_over
        self._block_when_full = block_when_full
        self.spill = SpillFile(spill_path)
        self.metrics = metrics
        self.record_bodies = record_bodies
        self._analyzer_factory = analyzer_factory
        self._queue: queue.Queue[Any] = queue.Queue(maxsize=max_queue)
        self._max_queued_bytes = max_queued_bytes
        self._batch_size = batch_size
        self._retry_seconds = retry_seconds
        self._write_timeout = write_timeout
        self._lock = threading.Condition()
        self._queued_bytes = 0
        self._submitted = 0
        self._settled = 0
        self._settled_bytes = 0
        self._store: Store | None = None
        self._store_error: str | None = None
        self._next_store_attempt = 0.0
        self._analyzer: AnalyzerLike | None = None
        self._spill_count = self.spill.count()
        self._thread = threading.Thread(target=self._run, name="promptlint-writer", daemon=True)

    # -- event-loop side --------------------------------------------------------------------

    def start(self) -> None:
        self._thread.start()

    def submit(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None:
        """Non-blocking. Over the byte budget the body is dropped, never the record."""
        with self._lock:
            size = admit_body(ex, tee, self._queued_bytes, self._max_queued_bytes, self.metrics)
            self._queued_bytes += size
            self._submitted += 1
        try:
            if self._block_when_full:
                self._queue.put((ex, provider, size, tee, content_encoding))
            else:
                self._queue.put_nowait((ex, provider, size, tee, content_encoding))
        except queue.Full:
            with self._lock:
                self._queued_bytes -= size
                self._settled += 1
                self._lock.notify_all()
            self.metrics.count_lost("queue_full")
            log.warning("recording queue full: record %s lost (counted)", ex.request_id)

    async def hand_off(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None:
        # In this process's memory only: a kill -9 of the proxy loses what is queued here.
        self.submit(ex, provider, tee, content_encoding)

    @property
    def depth(self) -> int:
        return self._queue.qsize()

    @property
    def store_ok(self) -> bool:
        return self._store is not None and self._store_error is None

    @property
    def spill_pending(self) -> int:
        return self._spill_count

    @property
    def store_error(self) -> str | None:
        return self._store_error

    def settled_state(self) -> tuple[int, int]:
        """(records settled so far, request-body bytes they held)."""
        with self._lock:
            return self._settled, self._settled_bytes

    def wait_settled_change(self, seen: int, timeout: float) -> None:
        with self._lock:
            if self._settled == seen:
                self._lock.wait(timeout)

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every record submitted so far is written, spilled or counted lost."""
        deadline = time.monotonic() + timeout
        with self._lock:
            target = self._submitted
            while self._settled < target:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def close(self, timeout: float = 30.0) -> None:
        self._queue.put(_STOP)
        self._thread.join(timeout)

    # -- writer thread ----------------------------------------------------------------------

    def _run(self) -> None:
        if self._before_run is not None:
            self._before_run()
        try:
            self._analyzer = self._analyzer_factory(self.record_bodies)
        except Exception as exc:
            log.error("Analyzer unavailable, recording usage only: %s", exc)
            self._analyzer = None
        self._ensure_store()
        self._replay()
        if self._take_over is not None:
            items, done = self._take_over()
            for i in range(0, len(items), self._batch_size):
                self._handle(items[i : i + self._batch_size], counted=False)
            done()
        stopping = False
        while not stopping:
            batch: list[tuple[Any, ...]] = []
            try:
                item = self._queue.get(timeout=self._retry_seconds / 2)
            except queue.Empty:
                item = None
            while item is not None:
                if item is _STOP:
                    stopping = True
                    break
                batch.append(item)
                if len(batch) >= self._batch_size:
                    break
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    item = None
            if batch:
                self._handle(batch)
            elif self.spill.pending():
                self._replay()
            self.metrics.set_gauge("queue_depth", self._queue.qsize())
        # Stopping: the loop above already drained everything queued before the sentinel.
        if self.spill.pending():
            self._replay()
        if self._store is not None:
            try:
                self._store.close()
            except Exception as exc:
                log.warning("closing the store failed: %s", exc)

    def _handle(self, batch: Sequence[tuple[Any, ...]], counted: bool = True) -> None:
        records = []
        for ex, provider, _, tee, encoding in batch:
            decode_request_body(ex)
            if tee is not None:
                try:
                    ex.usage_raw, ex.response_model = extract(tee, encoding)
                except Exception as exc:  # a tee bug must not lose the record
                    _note(ex, f"usage not extracted: {exc}")
            records.append(self._analyze(ex, provider))
        self._persist(records)
        if not counted:
            return
        with self._lock:
            size = sum(item[2] for item in batch)
            self._queued_bytes -= size
            self._settled_bytes += size
            self._settled += len(batch)
            self._lock.notify_all()

    def _analyze(self, ex: Exchange, provider: str) -> RequestRecord:
        record: RequestRecord | None = None
        if self._analyzer is not None:
            try:
                record = self._analyzer.analyze(ex)
            except Exception as exc:  # the Analyzer must not raise; if it does, keep the usage
                log.warning("analysis failed for %s: %s", ex.request_id, exc)
                self.metrics.count_record("analysis_failed")
                record = usage_only_record(
                    ex, provider, self.record_bodies, f"analysis failed: {exc}"
                )
        if record is None:
            record = usage_only_record(ex, provider, self.record_bodies)
            self.metrics.count_record("usage_only")
        self._count(record)
        return record

    def _count(self, r: RequestRecord) -> None:
        prompt = r.uncached_input_tokens + r.cache_read_tokens + r.cache_write_5m_tokens
        prompt += r.cache_write_1h_tokens
        self.metrics.count_tokens(
            r.provider,
            r.model,
            prompt,
            r.cache_read_tokens,
            r.cache_write_5m_tokens + r.cache_write_1h_tokens,
            r.output_tokens,
        )
        for b in r.breaks:
            try:
                avoidable = Cause(b.cause).avoidable
            except ValueError:
                avoidable = True
            if not avoidable:
                continue
            try:
                usd = Decimal(b.lost_usd)
            except (InvalidOperation, TypeError):
                usd = Decimal(0)
            self.metrics.count_miss(b.cause, b.lost_tokens, usd)

    def _ensure_store(self) -> Store | None:
        if self._store is not None:
            return self._store
        now = time.monotonic()
        if now < self._next_store_attempt:
            return None
        try:
            # Opening waits on a locked or frozen database as a write does: bounded alike.
            self._store = _within(self._write_timeout, open_store, self.store_url)
            self._store_error = None
        except TimeoutError:
            self._note_store_failure(f"store did not open within {self._write_timeout:g} s")
            return None
        except Exception as exc:
            self._note_store_failure(f"cannot open store: {exc}")
            return None
        return self._store

    def _note_store_failure(self, message: str) -> None:
        if self._store_error != message:
            log.error("store failing, spilling to %s: %s", self.spill.path, message)
        self._store_error = message
        self._next_store_attempt = time.monotonic() + self._retry_seconds
        self.metrics.set_gauge("store_up", 0)

    def _write(self, records: Sequence[RequestRecord]) -> bool:
        store = self._ensure_store()
        if store is None:
            return False
        try:
            try:
                _within(self._write_timeout, store.write, records)
            except StoreGone as gone:
                # Nothing is wrong with the store but its file: open the path again now.
                log.error("%s", gone)
                self.metrics.count_record("store_reopened")
                with contextlib.suppress(Exception):
                    store.close()
                self._store = store = _within(self._write_timeout, open_store, self.store_url)
                _within(self._write_timeout, store.write, records)
        except TimeoutError:
            # A frozen store (a stopped database, a hung disk) would hold every record
            # behind this one, and the stop too: spill, and leave that connection to hang
            # alone (closing it could hang as well).
            self._note_store_failure(f"store did not answer within {self._write_timeout:g} s")
            self._store = None
            return False
        except Exception as exc:
            self._note_store_failure(f"write failed: {type(exc).__name__}: {exc}")
            # A broken connection may never recover: reopen on the next attempt.
            with contextlib.suppress(Exception):
                store.close()
            self._store = None
            return False
        if self._store_error is not None:
            log.warning("store recovered")
        self._store_error = None
        self.metrics.set_gauge("store_up", 1)
        return True

    def _persist(self, records: Sequence[RequestRecord]) -> None:
        if not self.spill.pending() and self._write(records):
            self.metrics.count_record("written", len(records))
            return
        # Keep arrival order: while older records wait in the spill file, newer ones join them.
        try:
            self.spill.append(records)
            self._spill_count += len(records)
            self.metrics.count_record("spilled", len(records))
        except Exception as exc:
            self.metrics.count_lost("spill_failed", len(records))
            log.error(
                "spill file %s failed: %d records lost (counted): %s",
                self.spill.path,
                len(records),
                exc,
            )
        self.metrics.set_gauge("spill_pending", self._spill_count)
        self._replay()

    def _replay(self) -> None:
        if not self.spill.pending() or self._ensure_store() is None:
            return
        replayed = unreadable = 0
        try:
            for batch, bad in self.spill.read_batches(500):
                unreadable += bad
                if batch and not self._write(batch):
                    # Store still failing: keep the file; records already written are
                    # idempotent by id, so writing them again later is harmless.
                    return
                replayed += len(batch)
            self.spill.clear()
        except OSError as exc:
            log.error("reading spill file %s failed: %s", self.spill.path, exc)
            return
        # Counters first, then the pending count: whoever sees 0 pending sees the replay.
        if unreadable:
            self.metrics.count_lost("spill_unreadable", unreadable)
            log.error("%d unreadable lines in %s (counted lost)", unreadable, self.spill.path)
        self.metrics.count_record("replayed", replayed)
        self.metrics.set_gauge("spill_pending", 0)
        self._spill_count = 0
        if replayed:
            log.warning("replayed %d spilled records into the store", replayed)
