"""The proxy's one call out: `Upstream.send(request)` and the response it streams back.

The forwarding code in server.py speaks only this protocol (the shape of httpx's
transport): a request goes out whole, a response comes back as a status, headers and a
body read chunk by chunk, and the two ways an upstream fails are two exceptions. The
aiohttp client behind `AiohttpUpstream` is the real one; tests put an in-process
upstream behind the same protocol (tests/proxy/mock_upstream.py).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import aiohttp
from multidict import CIMultiDict
from yarl import URL

RawHeaders = Sequence[tuple[bytes, bytes]]

# Headers aiohttp would add on its own; the upstream must see only what the client sent.
_SKIP_AUTO = ("Accept", "Accept-Encoding", "User-Agent", "Content-Type")
_LARGE_BODY = 1024 * 1024
_BODYLESS = frozenset({"GET", "HEAD", "OPTIONS", "DELETE", "TRACE"})


@dataclass(slots=True)  # not frozen: a frozen __init__ costs twice as much, per request
class UpstreamRequest:
    """What goes to the upstream: the client's request, hop-by-hop headers removed."""

    method: str
    url: URL
    headers: CIMultiDict[str]
    body: bytes


class UpstreamError(Exception):
    """The upstream failed; the text names the underlying error ("OSError: …")."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.cause = cause


class UpstreamUnreachable(UpstreamError):
    """No response at all: refused, DNS, TLS, or the connection broke before the headers."""


class UpstreamReset(UpstreamError):
    """The response body broke off before its end."""


class UpstreamResponse(Protocol):
    """A response whose head has arrived; the body is read chunk by chunk."""

    @property
    def status(self) -> int: ...

    @property
    def reason(self) -> str | None: ...

    @property
    def headers(self) -> Mapping[str, str]:
        """Case-insensitive, for lookups; `raw_headers` is what is forwarded."""
        ...

    @property
    def raw_headers(self) -> RawHeaders: ...

    async def read_chunk(self) -> bytes:
        """The next body bytes as they arrive; b"" at the end. Raises `UpstreamReset`."""
        ...

    def release(self) -> None:
        """The body was read to its end: the connection may serve another request."""
        ...

    def close(self) -> None:
        """Abandon the response: its connection is in an unknown state and is not reused."""
        ...


class Upstream(Protocol):
    async def send(self, request: UpstreamRequest) -> UpstreamResponse:
        """The response once its head has arrived. Raises `UpstreamUnreachable`."""
        ...

    async def aclose(self) -> None: ...


class AiohttpResponse:
    __slots__ = ("_content", "_response", "headers", "raw_headers", "reason", "status")

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self._response = response
        self._content = response.content
        self.status = response.status
        self.reason = response.reason
        self.headers: Mapping[str, str] = response.headers
        self.raw_headers: RawHeaders = response.raw_headers

    async def read_chunk(self) -> bytes:
        try:
            return await self._content.readany()
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
            raise UpstreamReset(exc) from exc

    def release(self) -> None:
        self._response.release()

    def close(self) -> None:
        self._response.close()


class AiohttpUpstream:
    """The real upstream: one pooled aiohttp client session, made inside the running loop."""

    def __init__(self, connect_timeout: float) -> None:
        connector = aiohttp.TCPConnector(limit=0, ttl_dns_cache=300, keepalive_timeout=30)
        self._session = aiohttp.ClientSession(
            connector=connector,
            auto_decompress=False,  # compressed bodies pass through as the upstream sent them
            timeout=aiohttp.ClientTimeout(total=None, sock_connect=connect_timeout, sock_read=None),
            cookie_jar=aiohttp.DummyCookieJar(),
            skip_auto_headers=_SKIP_AUTO,
        )

    async def send(self, request: UpstreamRequest) -> AiohttpResponse:
        try:
            response = await self._session.request(
                request.method,
                request.url,
                headers=request.headers,
                data=_payload(request.body, request.method),
                allow_redirects=False,
                skip_auto_headers=_SKIP_AUTO,
            )
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
            raise UpstreamUnreachable(exc) from exc
        return AiohttpResponse(response)

    async def aclose(self) -> None:
        await self._session.close()


def _payload(body: bytes, method: str) -> bytes | io.BytesIO | None:
    if not body:
        return None if method in _BODYLESS else b""
    # aiohttp writes large bytes bodies in one blocking call (and warns); a file-like body is
    # sent in pieces, with the same Content-Length.
    return io.BytesIO(body) if len(body) > _LARGE_BODY else body
