"""An in-process `Upstream` for unit tests of the forwarding code: no sockets, no server.

Each response is scripted: a status, headers, and body items read in order by
`read_chunk` — bytes are a chunk, an `asyncio.Event` holds the body until it is set, an
exception breaks the body off (as `UpstreamReset`, what a real connection reset becomes).
The end-to-end behaviour over real sockets is tested against fake_upstream.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from multidict import CIMultiDict

from promptlint.proxy.upstream import UpstreamRequest, UpstreamReset

BodyItem = bytes | asyncio.Event | BaseException


@dataclass
class MockResponse:
    status: int = 200
    header_list: Sequence[tuple[str, str]] = (("Content-Type", "application/json"),)
    body: Sequence[BodyItem] = ()
    reason: str | None = "OK"
    released: bool = False
    closed: bool = False
    _next: int = field(default=0, repr=False)

    @property
    def headers(self) -> CIMultiDict[str]:
        return CIMultiDict(self.header_list)

    @property
    def raw_headers(self) -> tuple[tuple[bytes, bytes], ...]:
        return tuple((k.encode("latin-1"), v.encode("latin-1")) for k, v in self.header_list)

    async def read_chunk(self) -> bytes:
        while self._next < len(self.body):
            item = self.body[self._next]
            self._next += 1
            if isinstance(item, asyncio.Event):
                await item.wait()
                continue
            if isinstance(item, BaseException):
                raise UpstreamReset(item)
            return item
        return b""

    def release(self) -> None:
        self.released = True

    def close(self) -> None:
        self.closed = True


Handler = Callable[[UpstreamRequest], Awaitable[MockResponse]]


class MockUpstream:
    """Answers each request with `handler(request)`; raising `UpstreamUnreachable` there is
    an upstream that cannot be reached."""

    def __init__(self, handler: Handler) -> None:
        self.handler = handler
        self.requests: list[UpstreamRequest] = []
        self.responses: list[MockResponse] = []
        self.closed = False

    @classmethod
    def replying(cls, response: MockResponse) -> MockUpstream:
        async def handler(_: UpstreamRequest) -> MockResponse:
            return response

        return cls(handler)

    async def send(self, request: UpstreamRequest) -> MockResponse:
        self.requests.append(request)
        response = await self.handler(request)
        self.responses.append(response)
        return response

    async def aclose(self) -> None:
        self.closed = True
