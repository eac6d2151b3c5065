"""The proxy server: aiohttp in, an `Upstream` out, bytes forwarded as they arrive.

Each request goes read -> open -> pump -> record: read the client's body and pick the
upstream; send it and take the response head; copy each chunk to the client as soon as it
is read, letting the tee look at it; hand the exchange and its `Outcome` to the writer.
Everything else (JSON parsing, analysis, storage) runs in the writer, off the event loop.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from aiohttp import web
from yarl import URL

from promptlint.diagnosis.exchange import Exchange
from promptlint.proxy import logs, routes, websocket
from promptlint.proxy.connections import GuardedSite, connection_cap
from promptlint.proxy.headers import (
    KeyHasher,
    client_response_headers,
    credential_of,
    recorded_headers,
    redact_path,
    upstream_request_headers,
)
from promptlint.proxy.metrics import Metrics
from promptlint.proxy.outcome import Outcome
from promptlint.proxy.state import StateDir
from promptlint.proxy.tee import ResponseTee
from promptlint.proxy.upstream import (
    AiohttpUpstream,
    RawHeaders,
    Upstream,
    UpstreamRequest,
    UpstreamReset,
    UpstreamResponse,
    UpstreamUnreachable,
)
from promptlint.proxy.writer import RecordWriter, Writer
from promptlint.proxy.writer_process import ProcessWriter
from promptlint.store.base import DEFAULT_STORE_URL
from promptlint.wire import apis

log = logging.getLogger("promptlint.proxy")

SWITCH_INTERVAL = 0.0005


@dataclass
class ProxyConfig:
    host: str = "127.0.0.1"
    port: int = 8787
    openai_upstream: str = routes.PUBLIC_OPENAI
    anthropic_upstream: str = routes.PUBLIC_ANTHROPIC
    store_url: str = DEFAULT_STORE_URL
    record_bodies: str = "redacted"
    state_dir: Path = field(default_factory=lambda: Path(".promptlint"))
    max_body_bytes: int = 256 * 1024 * 1024
    # Request bodies and response copies the writer queue may hold for analysis; past it
    # they are dropped (counted), never the record.
    max_queued_bytes: int = 512 * 1024 * 1024
    connect_timeout: float = 30.0
    ca_bundle: Path | None = None  # CAs trusted for HTTPS upstreams besides the system's
    # "process": analysis and storage in a child process (no GIL contention with the event
    # loop); "thread": in a thread of this process (lighter; for tests and tiny loads).
    writer: str = "process"
    retry_seconds: float = 2.0
    # A store write that takes longer spills its records and marks the store failing.
    write_timeout: float = 10.0
    # Seconds a request head may take from its first byte, and a connection may sit idle
    # (before its first request and between requests) before the proxy closes it.
    header_timeout: float = 10.0
    idle_timeout: float = 30.0
    # Client connections open at once (0: no cap; None: from the open-file limit).
    max_connections: int | None = None

    @property
    def salt_path(self) -> Path:
        return self.state_dir / "proxy.salt"

    @property
    def spill_path(self) -> Path:
        return self.state_dir / "proxy-spill.jsonl"


class ProxyServer:
    def __init__(
        self,
        config: ProxyConfig,
        writer: Writer | None = None,
        upstream: Upstream | None = None,
    ) -> None:
        """`writer` and `upstream` default to the configured ones; the server owns both."""
        self.config = config
        self.upstreams = routes.Upstreams.parse(config.openai_upstream, config.anthropic_upstream)
        # Before the writer starts: it replays the spill file this directory holds.
        self.state = StateDir(config.state_dir).acquire()
        try:
            self.metrics = writer.metrics if writer is not None else Metrics()
            self.writer = writer or _make_writer(config, self.metrics)
            self.hasher = KeyHasher.from_file(config.salt_path)
        except BaseException:
            self.state.release()
            raise
        self._upstream = upstream
        self._runner: web.AppRunner | None = None
        self._site: GuardedSite | None = None
        self._started = time.time()
        self.port = config.port
        self.in_flight = 0  # requests between arrival and hand-off to the writer

    # -- lifecycle --------------------------------------------------------------------------

    async def start(self) -> None:
        logs.install()
        if self.writer.in_process:
            # Analysis in a thread is CPU-bound; a short switch interval hands the GIL back
            # to the event loop within ~0.5 ms instead of 5 ms when a request arrives.
            sys.setswitchinterval(SWITCH_INTERVAL)
        if self._upstream is None:
            self._upstream = AiohttpUpstream(self.config.connect_timeout, self.config.ca_bundle)
        app = web.Application(client_max_size=self.config.max_body_bytes)
        app.router.add_route("*", "/{tail:.*}", self._dispatch)
        self._runner = web.AppRunner(
            app,
            access_log=None,
            handle_signals=False,
            handler_cancellation=True,
            # Request bodies go upstream exactly as received, compressed or not.
            auto_decompress=False,
            keepalive_timeout=self.config.idle_timeout,
        )
        await self._runner.setup()
        self._site = GuardedSite(
            self._runner,
            self.config.host,
            self.config.port,
            header_timeout=self.config.header_timeout,
            max_connections=connection_cap(self.config.max_connections),
            on_refused=self.metrics.count_refused_connection,
        )
        try:
            await self._site.start()
        except OSError:
            await self._runner.cleanup()
            await self._upstream.aclose()
            self.state.release()
            raise
        # Only once the port is ours: a proxy that cannot listen leaves no writer behind.
        self.writer.start()
        server = getattr(self._site, "_server", None)
        if server is not None and server.sockets:
            self.port = server.sockets[0].getsockname()[1]

    async def stop(self, flush_timeout: float = 30.0) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._upstream is not None:
            await self._upstream.aclose()
        await asyncio.get_running_loop().run_in_executor(None, self.writer.close, flush_timeout)
        self.state.release()

    @property
    def upstream(self) -> Upstream:
        if self._upstream is None:
            raise RuntimeError("the proxy is not started")
        return self._upstream

    @property
    def url(self) -> str:
        return f"http://{self.config.host}:{self.port}"

    # -- handlers ---------------------------------------------------------------------------

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        if request.raw_path.startswith("/-/"):
            if request.path == "/-/health":
                return self._health()
            if request.path == "/-/metrics":
                return web.Response(
                    body=self.metrics.render().encode(),
                    headers={"Content-Type": "text/plain; version=0.0.4; charset=utf-8"},
                )
        if websocket.is_upgrade(request) and isinstance(self.upstream, websocket.WebSocketUpstream):
            relay = websocket.Relay(self.upstreams, self.upstream, self.hasher, self._submit)
            return await relay(request)
        return await self._proxy(request)

    def _submit(self, ex: Exchange, provider: str, added: float | None) -> None:
        """Count and record an exchange built elsewhere (a WebSocket turn)."""
        self.metrics.count_request(ex.api, ex.status, added)
        self.writer.submit(ex, provider)

    def _health(self) -> web.Response:
        w = self.writer
        store = "ok" if w.store_ok else "failing" if w.store_error else "starting"
        body = {
            # The proxy forwards either way; "degraded" means recordings wait in the spill file.
            "status": "degraded" if store == "failing" else "ok",
            "uptime_seconds": round(time.time() - self._started, 3),
            "requests": self.metrics.total_requests(),
            "in_flight": self.in_flight,
            "queue_depth": w.depth,
            "store": store,
            "store_error": w.store_error,
            "spill_pending": w.spill_pending,
            "records_lost": self.metrics.total_lost(),
            "upstreams": {
                "openai": str(self.upstreams.openai),
                "anthropic": str(self.upstreams.anthropic),
            },
        }
        return web.json_response(body)

    async def _proxy(self, request: web.Request) -> web.StreamResponse:
        self.in_flight += 1
        try:
            return await self._forward(request)
        finally:
            self.in_flight -= 1

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        try:
            flight = await self._read(request)
        except web.HTTPRequestEntityTooLarge:
            self.metrics.count_request(apis.OTHER, 413, None)
            log.warning("refused a request body over %d bytes", self.config.max_body_bytes)
            return _proxy_error(
                413, f"request body over {self.config.max_body_bytes} bytes", "request-size"
            )
        upstream: UpstreamResponse | None = None
        try:
            upstream = await self._open(flight)
            if upstream is None:
                return _proxy_error(502, flight.error or "upstream unreachable")
            return await self._pump(request, flight, upstream)
        except asyncio.CancelledError:
            # The client hung up (aiohttp cancels the handler): hang up on the upstream too,
            # so a long generation stops now rather than at its next chunk.
            if upstream is None:
                flight.status = 499  # nginx's "client closed request": no upstream status
                flight.end(Outcome.CLIENT_GONE_BEFORE_RESPONSE)
            else:
                upstream.close()
                if flight.outcome is Outcome.OK:
                    flight.end(Outcome.CLIENT_GONE_MID_RESPONSE)
            raise
        finally:
            self._record(flight)

    async def _read(self, request: web.Request) -> Flight:
        """The client's request, whole, and where it goes. Raises HTTPRequestEntityTooLarge."""
        t_arrival = time.perf_counter()
        ts = datetime.now(timezone.utc)
        body = await request.read()
        t_read = time.perf_counter()
        raw_path = request.raw_path
        raw_headers = request.raw_headers
        api = apis.classify(request.method, request.rel_url.raw_path)
        names = frozenset(k.decode("latin-1").lower() for k, _ in raw_headers)
        base = self.upstreams.for_request(api, request.rel_url.raw_path, names)
        outgoing = UpstreamRequest(
            request.method,
            routes.target_url(base, raw_path),
            upstream_request_headers(raw_headers),
            body,
        )
        return Flight(ts, t_arrival, t_read, api, base, raw_path, raw_headers, outgoing)

    async def _open(self, flight: Flight) -> UpstreamResponse | None:
        """Send the request; the response head fills in the flight.

        None when the upstream was not reached (the flight's outcome says why).
        """
        t_send = time.perf_counter()
        try:
            upstream = await self.upstream.send(flight.request)
        except UpstreamUnreachable as exc:
            flight.end(Outcome.UPSTREAM_UNREACHABLE, str(exc))
            return None
        flight.t_head = time.perf_counter()
        flight.before_send = t_send - flight.t_read
        flight.status = upstream.status
        flight.streamed = upstream.headers.get("Content-Type", "").startswith("text/event-stream")
        flight.encoding = upstream.headers.get("Content-Encoding")
        if flight.api != apis.OTHER:
            flight.tee = ResponseTee(flight.streamed, flight.encoding)
        return upstream

    async def _pump(
        self, request: web.Request, flight: Flight, upstream: UpstreamResponse
    ) -> web.StreamResponse:
        """Copy status, headers and each body chunk to the client as it arrives.

        Ends the upstream response (released when read to its end, closed otherwise) and
        sets the flight's outcome; a client whose upstream broke off sees a broken
        response, not a clean end.
        """
        response = web.StreamResponse(
            status=upstream.status,
            reason=upstream.reason,
            headers=client_response_headers(upstream.raw_headers),
        )
        flight.length = _body_length(request.method, upstream)
        try:
            if flight.length == 0:
                await self._hand_off(flight)  # the client's response ends with its head
            await response.prepare(request)
            flight.added = flight.before_send + (time.perf_counter() - flight.t_head)
            await _copy(upstream, response, flight, self._hand_off)
        except UpstreamReset as exc:
            upstream.close()  # the connection is in an unknown state: never reuse it
            flight.end(Outcome.UPSTREAM_RESET, str(exc))
            _abort(request)
            return response
        except ConnectionError:  # the client's socket (aiohttp's ClientConnectionResetError)
            upstream.close()
            flight.end(Outcome.CLIENT_GONE_MID_RESPONSE)
            return response
        upstream.release()
        if not flight.handed:
            await self._hand_off(flight)
        try:
            await response.write_eof()
        except ConnectionError:
            flight.end(Outcome.CLIENT_GONE_AT_END)
        return response

    async def _hand_off(self, flight: Flight) -> None:
        """Hand the record over before the client sees the end of its response, so that a
        response the client saw complete has a record that outlives this process."""
        flight.handed = True  # before the await: a cancelled wait has still handed it over
        ex, provider = self._exchange(flight)
        await self.writer.hand_off(ex, provider, flight.tee, flight.encoding)

    def _record(self, flight: Flight) -> None:
        """Hand the exchange of a request that did not end well to the writer (which never
        blocks), unless it was handed over already."""
        if not flight.handed:
            self.writer.submit(*self._exchange(flight), flight.tee, flight.encoding)

    def _exchange(self, flight: Flight) -> tuple[Exchange, str]:
        """Count the request; its exchange and provider."""
        t_end = time.perf_counter()
        kind = flight.outcome.metric_kind
        if kind is not None:
            self.metrics.count_upstream_error(kind)
        self.metrics.count_request(flight.api, flight.status, flight.added)
        raw_headers = flight.raw_headers
        ex = Exchange(
            request_id=uuid.uuid4().hex,
            ts=flight.ts,
            api=flight.api,
            path=redact_path(flight.raw_path),
            request_body=flight.request.body,
            request_headers=recorded_headers(raw_headers),
            key_hash=self.hasher.hash(credential_of(raw_headers, flight.raw_path)),
            status=flight.status,
            streamed=flight.streamed,
            latency_ms=(t_end - flight.t_arrival) * 1000.0,
            usage_raw=None,
            response_model=None,
            error=flight.error,
        )
        return ex, apis.provider_of(flight.api, host=flight.base.host or "")


@dataclass(slots=True)
class Flight:
    """One request on its way through the proxy: read fills the head, open and pump the rest."""

    ts: datetime
    t_arrival: float
    t_read: float  # the body is in: the proxy's own time starts here
    api: str
    base: URL
    raw_path: str
    raw_headers: RawHeaders
    request: UpstreamRequest
    status: int = 502  # until the upstream answers
    streamed: bool = False
    encoding: str | None = None
    tee: ResponseTee | None = None
    before_send: float = 0.0
    t_head: float = 0.0
    added: float | None = None  # the proxy's time: before the send, and head to client
    outcome: Outcome = Outcome.OK
    detail: str | None = None
    length: int | None = None  # the body's length as the client was told, if it was
    handed: bool = False  # the record is with the writer

    def end(self, outcome: Outcome, detail: str | None = None) -> None:
        self.outcome = outcome
        self.detail = detail

    @property
    def error(self) -> str | None:
        return self.outcome.error_text(self.detail)


def _make_writer(config: ProxyConfig, metrics: Metrics) -> Writer:
    if config.writer == "thread":
        return RecordWriter(
            config.store_url,
            config.spill_path,
            metrics,
            record_bodies=config.record_bodies,
            retry_seconds=config.retry_seconds,
            write_timeout=config.write_timeout,
            max_queued_bytes=config.max_queued_bytes,
        )
    if config.writer == "process":
        return ProcessWriter(
            config.store_url,
            config.spill_path,
            metrics,
            record_bodies=config.record_bodies,
            retry_seconds=config.retry_seconds,
            write_timeout=config.write_timeout,
            max_queued_bytes=config.max_queued_bytes,
        )
    raise ValueError(f"writer must be 'process' or 'thread', got {config.writer!r}")


def _body_length(method: str, upstream: UpstreamResponse) -> int | None:
    """The length of the body the client is told of (0: none follows the head), or None
    when the body ends with its chunked encoding's last chunk or the connection."""
    if method == "HEAD" or upstream.status in (204, 304) or upstream.status < 200:
        return 0
    if "Transfer-Encoding" in upstream.headers:
        return None
    try:
        return int(upstream.headers["Content-Length"])
    except (KeyError, ValueError):
        return None


async def _copy(
    upstream: UpstreamResponse,
    response: web.StreamResponse,
    flight: Flight,
    before_end: Callable[[Flight], Awaitable[None]],
) -> None:
    """The body, chunk by chunk as it arrives, to the client and past the tee.

    With a known length, the body's last byte waits for `before_end`: the client's
    response is complete only then.
    """
    read = upstream.read_chunk
    tee = flight.tee
    left = flight.length
    while True:
        chunk = await read()
        if not chunk:
            return
        if tee is not None:
            try:
                tee.feed(chunk)
            except Exception:  # a tee bug costs the usage of this response, never the bytes
                log.exception("usage tee failed; forwarding continues without it")
                tee.overflow = True
                tee = None
        if left is not None:
            left -= len(chunk)
            if left <= 0 and not flight.handed:
                if len(chunk) > 1:
                    await response.write(chunk[:-1])
                await before_end(flight)
                chunk = chunk[-1:]
        await response.write(chunk)


def _abort(request: web.Request) -> None:
    transport = request.transport
    if transport is not None:
        transport.abort()


def _proxy_error(status: int, message: str, source: str = "upstream") -> web.Response:
    body: dict[str, Any] = {
        "error": {"message": f"promptlint proxy: {message}", "type": "proxy_error", "code": None}
    }
    return web.Response(
        status=status,
        text=json.dumps(body),
        content_type="application/json",
        headers={"X-Promptlint-Error": source},
    )
