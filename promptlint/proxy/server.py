"""The proxy server: aiohttp in, aiohttp out, bytes forwarded as they arrive.

The response path does the minimum: read the request body, forward it, copy status and
headers, write each upstream chunk to the client as soon as it is read, and let the tee
look at it. Everything else (JSON parsing, analysis, storage) runs in the writer thread.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from promptlint.diagnosis.exchange import Exchange
from promptlint.proxy import routes
from promptlint.proxy.headers import (
    KeyHasher,
    client_response_headers,
    credential_of,
    recorded_headers,
    redact_path,
    upstream_request_headers,
)
from promptlint.proxy.metrics import Metrics
from promptlint.proxy.tee import ResponseTee
from promptlint.proxy.writer import RecordWriter
from promptlint.proxy.writer_process import ProcessWriter
from promptlint.store.base import DEFAULT_STORE_URL

log = logging.getLogger("promptlint.proxy")

# Headers aiohttp would add on its own; the upstream must see only what the client sent.
_SKIP_AUTO = ("Accept", "Accept-Encoding", "User-Agent", "Content-Type")
_LARGE_BODY = 1024 * 1024
SWITCH_INTERVAL = 0.0005
_BODYLESS = frozenset({"GET", "HEAD", "OPTIONS", "DELETE", "TRACE"})


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
    connect_timeout: float = 30.0
    # "process": analysis and storage in a child process (no GIL contention with the event
    # loop); "thread": in a thread of this process (lighter; for tests and tiny loads).
    writer: str = "process"
    retry_seconds: float = 2.0

    @property
    def salt_path(self) -> Path:
        return self.state_dir / "proxy.salt"

    @property
    def spill_path(self) -> Path:
        return self.state_dir / "proxy-spill.jsonl"


class ProxyServer:
    def __init__(
        self, config: ProxyConfig, writer: RecordWriter | ProcessWriter | None = None
    ) -> None:
        self.config = config
        self.upstreams = routes.Upstreams.parse(config.openai_upstream, config.anthropic_upstream)
        self.metrics = writer.metrics if writer is not None else Metrics()
        self.writer = writer or _make_writer(config, self.metrics)
        self.hasher = KeyHasher.from_file(config.salt_path)
        self._session: aiohttp.ClientSession | None = None
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self._started = time.time()
        self.port = config.port
        self.in_flight = 0  # requests between arrival and hand-off to the writer

    # -- lifecycle --------------------------------------------------------------------------

    async def start(self) -> None:
        if isinstance(self.writer, RecordWriter):
            # Analysis in a thread is CPU-bound; a short switch interval hands the GIL back
            # to the event loop within ~0.5 ms instead of 5 ms when a request arrives.
            sys.setswitchinterval(SWITCH_INTERVAL)
        connector = aiohttp.TCPConnector(limit=0, ttl_dns_cache=300, keepalive_timeout=30)
        self._session = aiohttp.ClientSession(
            connector=connector,
            auto_decompress=False,  # compressed bodies pass through as the upstream sent them
            timeout=aiohttp.ClientTimeout(
                total=None, sock_connect=self.config.connect_timeout, sock_read=None
            ),
            cookie_jar=aiohttp.DummyCookieJar(),
            skip_auto_headers=_SKIP_AUTO,
        )
        app = web.Application(client_max_size=self.config.max_body_bytes)
        app.router.add_route("*", "/{tail:.*}", self._dispatch)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, handler_cancellation=True
        )
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, self.config.host, self.config.port)
        try:
            await self._site.start()
        except OSError:
            await self._runner.cleanup()
            await self._session.close()
            raise
        # Only once the port is ours: a proxy that cannot listen leaves no writer behind.
        self.writer.start()
        server = getattr(self._site, "_server", None)
        if server is not None and server.sockets:
            self.port = server.sockets[0].getsockname()[1]

    async def stop(self, flush_timeout: float = 30.0) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()
        await asyncio.get_running_loop().run_in_executor(None, self.writer.close, flush_timeout)

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
        return await self._proxy(request)

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
        t_arrival = time.perf_counter()
        ts = datetime.now(timezone.utc)
        try:
            body = await request.read()
        except web.HTTPRequestEntityTooLarge:
            self.metrics.count_request(routes.OTHER, 413, None)
            log.warning("refused a request body over %d bytes", self.config.max_body_bytes)
            return _proxy_error(
                413, f"request body over {self.config.max_body_bytes} bytes", "request-size"
            )
        t0 = time.perf_counter()
        method = request.method
        raw_path = request.raw_path
        raw_headers = request.raw_headers
        api = routes.classify(method, request.rel_url.raw_path)
        names = frozenset(k.decode("latin-1").lower() for k, _ in raw_headers)
        base = self.upstreams.for_request(api, request.rel_url.raw_path, names)
        url = routes.target_url(base, raw_path)
        headers = upstream_request_headers(raw_headers)

        status = 502
        streamed = False
        error: str | None = None
        tee: ResponseTee | None = None
        encoding: str | None = None
        added: float | None = None
        upstream: aiohttp.ClientResponse | None = None
        try:
            t1 = time.perf_counter()
            try:
                upstream = await self._session.request(  # type: ignore[union-attr]
                    method,
                    url,
                    headers=headers,
                    data=_payload(body, method),
                    allow_redirects=False,
                    skip_auto_headers=_SKIP_AUTO,
                )
            except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
                error = f"upstream unreachable: {type(exc).__name__}: {exc}"
                self.metrics.count_upstream_error("unreachable")
                return _proxy_error(502, error)
            t2 = time.perf_counter()
            status = upstream.status
            ctype = upstream.headers.get("Content-Type", "")
            streamed = ctype.startswith("text/event-stream")
            encoding = upstream.headers.get("Content-Encoding")
            if api != routes.OTHER:
                tee = ResponseTee(streamed, encoding)
            response = web.StreamResponse(
                status=upstream.status,
                reason=upstream.reason,
                headers=client_response_headers(upstream.raw_headers),
            )
            try:
                await response.prepare(request)
                added = (t1 - t0) + (time.perf_counter() - t2)
                error = await _pump(upstream, response, tee)
            except (ConnectionError, aiohttp.ClientConnectionResetError):
                error = "client disconnected mid-response"
            if error is None:
                upstream.release()
                try:
                    await response.write_eof()
                except ConnectionError:
                    error = "client disconnected before the end of the response"
            else:
                upstream.close()  # the connection is in an unknown state: never reuse it
                if error.startswith("upstream"):
                    self.metrics.count_upstream_error("reset_mid_response")
                    _abort(request)  # the client must see a broken response, not a clean end
                else:
                    self.metrics.count_upstream_error("client_gone")
            return response
        except asyncio.CancelledError:
            # The client hung up (aiohttp cancels the handler): hang up on the upstream too,
            # so a long generation stops now rather than at its next chunk.
            if upstream is None:
                status = 499  # nginx's "client closed request": no upstream status to report
                error = "client disconnected before the response"
            else:
                upstream.close()
                error = error or "client disconnected mid-response"
            self.metrics.count_upstream_error("client_gone")
            raise
        finally:
            t_end = time.perf_counter()
            self.metrics.count_request(api, status, added)
            ex = Exchange(
                request_id=uuid.uuid4().hex,
                ts=ts,
                api=api,
                path=redact_path(raw_path),
                request_body=body,
                request_headers=recorded_headers(raw_headers),
                key_hash=self.hasher.hash(credential_of(raw_headers, raw_path)),
                status=status,
                streamed=streamed,
                latency_ms=(t_end - t_arrival) * 1000.0,
                usage_raw=None,
                response_model=None,
                error=error,
            )
            self.writer.submit(ex, routes.provider_of(api, base), tee, encoding)


def _make_writer(config: ProxyConfig, metrics: Metrics) -> RecordWriter | ProcessWriter:
    if config.writer == "thread":
        return RecordWriter(
            config.store_url,
            config.spill_path,
            metrics,
            record_bodies=config.record_bodies,
            retry_seconds=config.retry_seconds,
        )
    if config.writer == "process":
        return ProcessWriter(
            config.store_url,
            config.spill_path,
            metrics,
            record_bodies=config.record_bodies,
            retry_seconds=config.retry_seconds,
        )
    raise ValueError(f"writer must be 'process' or 'thread', got {config.writer!r}")


async def _pump(
    upstream: aiohttp.ClientResponse, response: web.StreamResponse, tee: ResponseTee | None
) -> str | None:
    """Copy the body chunk by chunk as it arrives. Returns an error text, or None when done."""
    content = upstream.content
    while True:
        try:
            chunk = await content.readany()
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
            return f"upstream reset mid-response: {type(exc).__name__}: {exc}"
        if not chunk:
            return None
        if tee is not None:
            try:
                tee.feed(chunk)
            except Exception:  # a tee bug costs the usage of this response, never the bytes
                log.exception("usage tee failed; forwarding continues without it")
                tee.overflow = True
                tee = None
        await response.write(chunk)


def _payload(body: bytes, method: str) -> bytes | io.BytesIO | None:
    if not body:
        return None if method in _BODYLESS else b""
    # aiohttp writes large bytes bodies in one blocking call (and warns); a file-like body is
    # sent in pieces, with the same Content-Length.
    return io.BytesIO(body) if len(body) > _LARGE_BODY else body


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
