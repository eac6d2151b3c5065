"""Client connections the proxy will not hold forever: a header timeout and an idle timeout.

aiohttp closes a keep-alive connection idle for `keepalive_timeout` (the idle timeout, also
before a connection's first request), but has no limit on how long a request's head may
take to arrive: a client sending one byte a second holds its connection, and a file
descriptor, as long as it likes. `HeaderTimeoutHandler` gives each request head
`header_timeout` seconds from its first byte; a head still incomplete then gets a 408 and
the connection is closed. Request bodies and responses are not timed here: uploads and
long generations take as long as they take.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

_TIMEOUT_RESPONSE = (
    b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
)


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
    """A TCPSite whose connections are `HeaderTimeoutHandler`s."""

    __slots__ = ("_header_timeout",)

    def __init__(
        self, runner: web.BaseRunner, host: str, port: int, *, header_timeout: float
    ) -> None:
        super().__init__(runner, host, port)
        self._header_timeout = header_timeout

    async def start(self) -> None:
        # TCPSite.start with the protocol factory replaced (aiohttp has no option for it).
        await web.BaseSite.start(self)
        loop = asyncio.get_running_loop()
        server = self._runner.server
        assert server is not None
        # The handler's own options, exactly as web.Server.__call__ passes them.
        options: dict[str, Any] = server._kwargs

        def protocol() -> HeaderTimeoutHandler:
            return HeaderTimeoutHandler(server, self._header_timeout, loop=loop, **options)

        self._server = await loop.create_server(
            protocol, self._host, self._port, backlog=self._backlog
        )
        if self._server.sockets:
            self._bound_port = self._server.sockets[0].getsockname()[1]
