"""Client connections the proxy will not hold forever: a header timeout, an idle timeout,
and a cap on how many are open at once.

aiohttp closes a keep-alive connection idle for `keepalive_timeout` (the idle timeout, also
before a connection's first request), but has no limit on how long a request's head may
take to arrive: a client sending one byte a second holds its connection, and a file
descriptor, as long as it likes. `HeaderTimeoutHandler` gives each request head
`header_timeout` seconds from its first byte; a head still incomplete then gets a 408 and
the connection is closed. Request bodies and responses are not timed here: uploads and
long generations take as long as they take.

Past `max_connections` open client connections, a new one is answered `503 Service
Unavailable` (with `Retry-After: 1`) and closed at once, before any request is read: the
proxy's file descriptors and memory stay bounded whatever the number of clients.
"""

from __future__ import annotations

import asyncio
import resource
from collections.abc import Callable
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

_TIMEOUT_RESPONSE = (
    b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
)
_FULL_BODY = b"promptlint proxy: too many open connections (--max-connections)\n"
_FULL_RESPONSE = (
    b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\n"
    b"X-Promptlint-Error: connections\r\nContent-Type: text/plain\r\n"
    b"Content-Length: %d\r\n\r\n%s" % (len(_FULL_BODY), _FULL_BODY)
)


def connection_cap(configured: int | None) -> int:
    """The cap on open client connections: as configured, or by default half the
    open-file limit less 64 (a connection with a request in flight holds two descriptors,
    the client's and the upstream's; the rest is for the store, logs and spill file)."""
    if configured is not None:
        return configured
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 0
    return max(16, (soft - 64) // 2)


class _Refuse(asyncio.Protocol):
    """A connection over the cap: one 503, then closed (what the client sent is ignored)."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.WriteTransport)
        transport.write(_FULL_RESPONSE)
        transport.close()


class HeaderTimeoutHandler(RequestHandler):
    __slots__ = ("_header_handle", "_header_timeout")

    def __init__(self, manager: web.Server, header_timeout: float, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._header_timeout = header_timeout
        self._header_handle: asyncio.TimerHandle | None = None

    def _awaiting_head(self) -> bool:
        # aiohttp's handler waits on `_waiter` exactly while no complete request head is in;
        # while a request is handled (its body read, its response written) there is none.
        waiter = self._waiter
        return waiter is not None and not waiter.done()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if not self._awaiting_head():
            self._cancel_header_timer()
        elif data and self._header_handle is None and self._header_timeout > 0:
            self._header_handle = self._loop.call_later(self._header_timeout, self._head_late)

    def _head_late(self) -> None:
        self._header_handle = None
        if not self._awaiting_head():
            return
        if self.transport is not None:
            self.transport.write(_TIMEOUT_RESPONSE)
        self.force_close()

    def _cancel_header_timer(self) -> None:
        if self._header_handle is not None:
            self._header_handle.cancel()
            self._header_handle = None

    def connection_lost(self, exc: BaseException | None) -> None:
        self._cancel_header_timer()
        super().connection_lost(exc)


class GuardedSite(web.TCPSite):
    """A TCPSite whose connections are `HeaderTimeoutHandler`s, at most `max_connections`
    of them open (0: no cap); `on_refused` is called for each connection refused."""

    __slots__ = ("_header_timeout", "_max_connections", "_on_refused")

    def __init__(
        self,
        runner: web.BaseRunner,
        host: str,
        port: int,
        *,
        header_timeout: float,
        max_connections: int = 0,
        on_refused: Callable[[], None] = lambda: None,
    ) -> None:
        super().__init__(runner, host, port)
        self._header_timeout = header_timeout
        self._max_connections = max_connections
        self._on_refused = on_refused

    async def start(self) -> None:
        # TCPSite.start with the protocol factory replaced (aiohttp has no option for it).
        await web.BaseSite.start(self)
        loop = asyncio.get_running_loop()
        server = self._runner.server
        assert server is not None
        # The handler's own options, exactly as web.Server.__call__ passes them.
        options: dict[str, Any] = server._kwargs

        def protocol() -> asyncio.Protocol:
            # aiohttp's server lists its open connections (handlers leave at close).
            if 0 < self._max_connections <= len(server.connections):
                self._on_refused()
                return _Refuse()
            return HeaderTimeoutHandler(server, self._header_timeout, loop=loop, **options)

        self._server = await loop.create_server(
            protocol, self._host, self._port, backlog=self._backlog
        )
        if self._server.sockets:
            self._bound_port = self._server.sockets[0].getsockname()[1]
