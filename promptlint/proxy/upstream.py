"""The proxy's one call out: `Upstream.send(request)` and the response it streams back.

The forwarding code in server.py speaks only this protocol (the shape of httpx's
transport): a request goes out whole, a response comes back as a status, headers and a
body read chunk by chunk, and the two ways an upstream fails are two exceptions. The
aiohttp client behind `AiohttpUpstream` is the real one; tests put an in-process
upstream behind the same protocol (tests/proxy/mock_upstream.py).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import io
import ipaddress
import ssl
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
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
    """The real upstream: one pooled aiohttp client session, made inside the running loop.

    TLS is verified against the system's CAs (OpenSSL's defaults, so `SSL_CERT_FILE` and
    `SSL_CERT_DIR` apply), plus `ca_bundle` when given. Egress goes through the proxies
    HTTPS_PROXY / HTTP_PROXY name, except to hosts NO_PROXY names.
    """

    def __init__(self, connect_timeout: float, ca_bundle: Path | None = None) -> None:
        connector = aiohttp.TCPConnector(
            limit=0,
            ttl_dns_cache=300,
            keepalive_timeout=30,
            ssl=tls_context(ca_bundle) if ca_bundle is not None else True,
        )
        self._session = aiohttp.ClientSession(
            connector=connector,
            auto_decompress=False,  # compressed bodies pass through as the upstream sent them
            timeout=aiohttp.ClientTimeout(total=None, sock_connect=connect_timeout, sock_read=None),
            cookie_jar=aiohttp.DummyCookieJar(),
            skip_auto_headers=_SKIP_AUTO,
            # Not trust_env: it would also send ~/.netrc credentials to the upstream.
        )
        self._egress = EgressProxies.from_env()

    async def send(self, request: UpstreamRequest) -> AiohttpResponse:
        proxy, proxy_headers = self._egress.for_url(request.url)
        try:
            response = await self._session.request(
                request.method,
                request.url,
                headers=request.headers,
                data=_payload(request.body, request.method),
                allow_redirects=False,
                skip_auto_headers=_SKIP_AUTO,
                proxy=proxy,
                proxy_headers=proxy_headers,
            )
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
            raise UpstreamUnreachable(exc) from exc
        return AiohttpResponse(response)

    async def aclose(self) -> None:
        await self._session.close()


def tls_context(ca_bundle: Path) -> ssl.SSLContext:
    """The system's CAs plus those in `ca_bundle` (PEM). Raises ValueError naming the file."""
    context = ssl.create_default_context()
    try:
        context.load_verify_locations(cafile=str(ca_bundle))
    except OSError as exc:  # ssl.SSLError included
        reason = exc.strerror or exc
        raise ValueError(f"--ca-bundle {ca_bundle}: not a readable PEM bundle ({reason})") from None
    return context


# The proxy's URL (None: go direct) and the headers for the proxy itself (its credentials).
ProxyChoice = tuple[URL | None, Mapping[str, str] | None]


class EgressProxies:
    """The egress proxy for each upstream, from the environment as curl and requests read it:
    `https_proxy` / `http_proxy` by the upstream's scheme (either case; a value without a
    scheme is http://), none for hosts `no_proxy` names (suffixes, `host:port`, `*`)."""

    def __init__(self, proxies: Mapping[str, str]) -> None:
        self._proxies = dict(proxies)
        # Per (scheme, host, port): the upstreams are configured, so this stays small.
        self._chosen: dict[tuple[str, str, int | None], ProxyChoice] = {}

    @classmethod
    def from_env(cls) -> EgressProxies:
        return cls(urllib.request.getproxies_environment())

    def for_url(self, url: URL) -> ProxyChoice:
        key = (url.scheme, url.host or "", url.port)
        chosen = self._chosen.get(key)
        if chosen is None:
            chosen = self._chosen[key] = self._choose(url)
        return chosen

    def _choose(self, url: URL) -> ProxyChoice:
        value = self._proxies.get(url.scheme)
        if not value or not url.host:
            return None, None
        if _bypassed(url.host.lower(), url.port, self._proxies.get("no", "")):
            return None, None
        proxy = URL(value if "://" in value else f"http://{value}")
        if proxy.user is None:
            return proxy, None
        login = base64.b64encode(f"{proxy.user}:{proxy.password or ''}".encode()).decode()
        return proxy.with_user(None), {"Proxy-Authorization": f"Basic {login}"}


def _bypassed(host: str, port: int | None, no_proxy: str) -> bool:
    """Whether `no_proxy` exempts the host, read as curl does: `*`; a name matching the host
    or a domain it is in (`example.com`, `.example.com`); an address or network
    (`10.0.0.0/8`), matched as such; any of them with `:port`."""
    try:
        address: ipaddress.IPv4Address | ipaddress.IPv6Address | None = ipaddress.ip_address(host)
    except ValueError:
        address = None
    for entry in no_proxy.lower().split(","):
        entry = entry.strip()
        if entry == "*":
            return True
        name, _, entry_port = entry.rpartition(":") if entry.count(":") == 1 else (entry, "", "")
        if entry_port and str(port) != entry_port:
            continue
        name = name.strip("[]").lstrip(".")
        if not name:
            continue
        if address is None:
            if host == name or host.endswith("." + name):
                return True
            continue
        with contextlib.suppress(ValueError):
            if address in ipaddress.ip_network(name, strict=False):
                return True
    return False


def _payload(body: bytes, method: str) -> bytes | io.BytesIO | None:
    if not body:
        return None if method in _BODYLESS else b""
    # aiohttp writes large bytes bodies in one blocking call (and warns); a file-like body is
    # sent in pieces, with the same Content-Length.
    return io.BytesIO(body) if len(body) > _LARGE_BODY else body
