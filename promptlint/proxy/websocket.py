"""WebSocket pass-through, and the turns of the Responses and Realtime APIs over it.

Any upgrade request, on any path, is relayed: the proxy opens the same WebSocket to the
upstream (the client's headers and subprotocols, hop-by-hop and handshake headers
excepted), answers the client's handshake with the upstream's headers, and copies every
message both ways as it arrives, text as text and binary as binary, unchanged; a close from
either side is passed on with its code and reason. An upstream that refuses the upgrade
gives the client its status and headers, so a client that falls back to HTTP on a refusal
does so at once.

What is recorded, per connection (the bytes are never held up for it):
- Responses API (`/v1/responses`): each `response.create` the client sends is one request,
  its `response.completed` (or `.failed` / `.incomplete`) the response and usage. A turn that
  continues an earlier one on the socket (`previous_response_id`, sending only the new
  input) is recorded with the whole prefix the server serves it from: the earlier turn's
  input and output, then the new input, the same body an HTTP client resending its history
  would have sent, so it is diagnosed and priced the same way.
- Realtime API (`/v1/realtime`): each `response.done` is one request of its own api,
  `openai-realtime`, with the usage the event carries; the body is the session's
  instructions and tools and the conversation items sent so far.
- A refused or failed upgrade is one request with the upstream's status (not a prompt).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Protocol, runtime_checkable

import aiohttp
from aiohttp import web
from multidict import CIMultiDict, MultiMapping
from yarl import URL

from promptlint.diagnosis.exchange import Exchange
from promptlint.proxy import routes
from promptlint.proxy.headers import (
    HOP_BY_HOP,
    KeyHasher,
    credential_of,
    recorded_headers,
    redact_path,
    upstream_request_headers,
)
from promptlint.wire import apis

log = logging.getLogger("promptlint.proxy")

# Each side negotiates its own handshake and extensions (permessage-deflate): the message
# contents cross unchanged, the framing is each connection's own.
_HANDSHAKE = frozenset(
    {
        "sec-websocket-key",
        "sec-websocket-version",
        "sec-websocket-extensions",
        "sec-websocket-accept",
        "sec-websocket-protocol",
    }
)
_TERMINAL = ("response.completed", "response.failed", "response.incomplete")
_CREATE = ('"response.create"',)
# Substrings that mark the few server events the recorder parses; others pass unread.
_RESPONSES_MARKS = (
    '"response.completed"',
    '"response.failed"',
    '"response.incomplete"',
    '"type":"error"',
    '"type": "error"',
)
_REALTIME_MARKS = ('"response.done"', '"session.created"', '"session.updated"')
# Realtime client events that shape the prompt; audio appends (large) pass unread.
_REALTIME_CLIENT_MARKS = ('"session.update"', '"conversation.item.create"', '"response.create"')


def is_upgrade(request: web.Request) -> bool:
    return request.method == "GET" and request.headers.get("Upgrade", "").lower() == "websocket"


@runtime_checkable
class WebSocketUpstream(Protocol):
    async def connect_websocket(
        self,
        url: URL,
        headers: CIMultiDict[str],
        protocols: tuple[str, ...],
        compress: bool,
    ) -> aiohttp.ClientWebSocketResponse[bool]:
        """The open upstream socket. Raises `aiohttp.WSServerHandshakeError` on a refusal."""
        ...


Submit = Callable[[Exchange, str, float | None], None]


@dataclass
class Relay:
    """Relays one upgrade request; `submit(exchange, provider, added_seconds)` records."""

    upstreams: routes.Upstreams
    upstream: WebSocketUpstream
    hasher: KeyHasher
    submit: Submit

    async def __call__(self, request: web.Request) -> web.StreamResponse:
        raw_path = request.raw_path
        raw_headers = request.raw_headers
        api = apis.classify_websocket(request.rel_url.raw_path)
        names = frozenset(k.decode("latin-1").lower() for k, _ in raw_headers)
        base = self.upstreams.for_request(api, request.rel_url.raw_path, names)
        target = routes.target_url(base, raw_path)
        target = target.with_scheme("wss" if target.scheme == "https" else "ws")
        headers = upstream_request_headers(raw_headers)
        for name in _HANDSHAKE:
            headers.popall(name, None)
        protocols = tuple(
            p.strip()
            for p in request.headers.get("Sec-WebSocket-Protocol", "").split(",")
            if p.strip()
        )
        ctx = _Connection(
            api=api,
            path=redact_path(raw_path),
            headers=recorded_headers(raw_headers),
            key_hash=self.hasher.hash(credential_of(raw_headers, raw_path)),
            host=base.host or "",
            submit=self.submit,
        )
        t0 = time.perf_counter()
        try:
            compress = "permessage-deflate" in request.headers.get("Sec-WebSocket-Extensions", "")
            up = await self.upstream.connect_websocket(target, headers, protocols, compress)
        except aiohttp.WSServerHandshakeError as exc:
            ctx.record_handshake(exc.status, f"upgrade refused: HTTP {exc.status}", t0)
            return web.Response(status=exc.status, headers=_passed_headers(exc.headers))
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
            ctx.record_handshake(502, f"upstream unreachable: {type(exc).__name__}: {exc}", t0)
            return web.Response(
                status=502,
                text=json.dumps({"error": {"message": "promptlint proxy: upstream unreachable"}}),
                content_type="application/json",
                headers={"X-Promptlint-Error": "upstream"},
            )
        client = web.WebSocketResponse(
            protocols=(up.protocol,) if up.protocol else (),
            autoclose=False,
            autoping=True,
            max_msg_size=0,
        )
        upstream_headers = getattr(getattr(up, "_response", None), "headers", None)
        if upstream_headers is not None:
            client.headers.extend(_passed_headers(upstream_headers))
        try:
            await client.prepare(request)
        except ConnectionError:
            await up.close()
            return client
        await _pump(client, up, ctx)
        return client


@dataclass
class _Turn:
    ts: datetime
    t0: float
    body: dict[str, Any]


@dataclass
class _Connection:
    """One socket's recording state: the turns in flight and what later turns continue."""

    api: str
    path: str
    headers: dict[str, str]
    key_hash: str
    host: str  # the upstream's: with each turn's model, it names the provider
    submit: Submit
    pending: deque[_Turn] = field(default_factory=deque)
    # response id -> the whole conversation it ends (input then output), for continuations
    history: dict[str, list[Any]] = field(default_factory=dict)
    # Realtime: the session's settings and the items sent so far
    session: dict[str, Any] = field(default_factory=dict)
    items: list[Any] = field(default_factory=list)
    added: list[float] = field(default_factory=list)

    def record_handshake(self, status: int, error: str, t0: float) -> None:
        self._emit(datetime.now(timezone.utc), t0, apis.OTHER, b"", status, None, None, error, None)

    # -- client -> upstream -----------------------------------------------------------------

    def from_client(self, text: str) -> None:
        event = _event(
            text, _REALTIME_CLIENT_MARKS if self.api == apis.OPENAI_REALTIME else _CREATE
        )
        if event is None:
            return
        kind = event.get("type")
        if self.api == apis.OPENAI_RESPONSES and kind == "response.create":
            body = {k: v for k, v in event.items() if k != "type"}
            self.pending.append(
                _Turn(datetime.now(timezone.utc), time.perf_counter(), self._whole(body))
            )
        elif self.api == apis.OPENAI_REALTIME:
            self._realtime_client(event)

    def _whole(self, body: dict[str, Any]) -> dict[str, Any]:
        """The request as the server serves it: a continuation gets its earlier turns back."""
        prev = body.get("previous_response_id")
        earlier = self.history.get(prev) if isinstance(prev, str) else None
        if earlier is None:
            return body
        new = body.get("input")
        if isinstance(new, str):
            new = [{"role": "user", "content": new}]
        whole = dict(body)
        whole["input"] = [*earlier, *(new if isinstance(new, list) else [])]
        return whole

    def _realtime_client(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "session.update" and isinstance(event.get("session"), dict):
            self.session.update(event["session"])
        elif kind == "conversation.item.create" and event.get("item") is not None:
            self.items.append(event["item"])
        elif kind == "response.create":
            body: dict[str, Any] = {
                "model": self.session.get("model"),
                "instructions": self.session.get("instructions") or "",
                "tools": self.session.get("tools") or [],
                "input": list(self.items),
            }
            self.pending.append(_Turn(datetime.now(timezone.utc), time.perf_counter(), body))

    # -- upstream -> client -----------------------------------------------------------------

    def from_upstream(self, text: str) -> None:
        event = _event(
            text, _REALTIME_MARKS if self.api == apis.OPENAI_REALTIME else _RESPONSES_MARKS
        )
        if event is None:
            return
        kind = event.get("type")
        got = event.get("response")
        response: dict[str, Any] = got if isinstance(got, dict) else {}
        if self.api == apis.OPENAI_REALTIME:
            if kind in ("session.created", "session.updated"):
                if isinstance(event.get("session"), dict):
                    self.session.update(event["session"])
            elif kind == "response.done" and self.pending:
                turn = self.pending.popleft()
                output = response.get("output")
                if isinstance(output, list):
                    self.items.extend(output)
                self._turn_done(turn, response, 200, None)
            return
        if kind in _TERMINAL and self.pending:
            turn = self.pending.popleft()
            rid = response.get("id")
            output = response.get("output")
            if isinstance(rid, str) and isinstance(output, list):
                inp = turn.body.get("input")
                items = [{"role": "user", "content": inp}] if isinstance(inp, str) else inp
                self.history[rid] = [*(items if isinstance(items, list) else []), *output]
            error = None if kind == "response.completed" else kind
            self._turn_done(turn, response, 200, error)
        elif kind == "error" and self.pending:
            turn = self.pending.popleft()
            got_err = event.get("error")
            err: dict[str, Any] = got_err if isinstance(got_err, dict) else {}
            got_status = event.get("status")
            status = got_status if isinstance(got_status, int) else 400
            self._turn_done(turn, {}, status, f"error event: {err.get('code') or err.get('type')}")

    def _turn_done(
        self, turn: _Turn, response: dict[str, Any], status: int, error: str | None
    ) -> None:
        usage = response.get("usage")
        model = response.get("model") or turn.body.get("model")  # Realtime: the session's
        body = json.dumps(turn.body, ensure_ascii=False, separators=(",", ":")).encode()
        self._emit(
            turn.ts,
            turn.t0,
            self.api,
            body,
            status,
            usage if isinstance(usage, dict) else None,
            model if isinstance(model, str) else None,
            error,
            self._take_added(),
        )

    def closed(self, detail: str) -> None:
        """The socket ended: turns still waiting for their response are recorded as cut."""
        while self.pending:
            turn = self.pending.popleft()
            body = json.dumps(turn.body, ensure_ascii=False, separators=(",", ":")).encode()
            self._emit(turn.ts, turn.t0, self.api, body, 200, None, None, detail, None)

    def note_added(self, seconds: float) -> None:
        self.added.append(seconds)

    def _take_added(self) -> float | None:
        if not self.added:
            return None
        out = sum(self.added) / len(self.added)
        self.added.clear()
        return out

    def _emit(
        self,
        ts: datetime,
        t0: float,
        api: str,
        body: bytes,
        status: int,
        usage: dict[str, Any] | None,
        model: str | None,
        error: str | None,
        added: float | None,
    ) -> None:
        ex = Exchange(
            request_id=uuid.uuid4().hex,
            ts=ts,
            api=api,
            path=self.path,
            request_body=body,
            request_headers=self.headers,
            key_hash=self.key_hash,
            status=status,
            streamed=True,
            latency_ms=(time.perf_counter() - t0) * 1000.0,
            usage_raw=usage,
            response_model=model,
            error=error,
        )
        try:
            self.submit(ex, apis.provider_of(api, model or "", self.host), added)
        except Exception:  # recording must never break the socket
            log.exception("recording a WebSocket turn failed")


async def _pump(
    client: web.WebSocketResponse, up: aiohttp.ClientWebSocketResponse[bool], ctx: _Connection
) -> None:
    """Copy messages both ways until either side closes; pass the close on, code and all."""

    first: list[str] = []  # which side closed first: the other only answers it

    async def one_way(
        src: web.WebSocketResponse | aiohttp.ClientWebSocketResponse[bool],
        dst: web.WebSocketResponse | aiohttp.ClientWebSocketResponse[bool],
        on_text: Callable[[str], None],
        broken: int,
    ) -> None:
        """Copy src's messages to dst; on src's close (or break) close both, code kept."""
        while True:
            msg = await src.receive()
            t = time.perf_counter()
            if msg.type is aiohttp.WSMsgType.TEXT:
                await dst.send_str(msg.data)
                ctx.note_added(time.perf_counter() - t)
                on_text(msg.data)
                continue
            if msg.type is aiohttp.WSMsgType.BINARY:
                await dst.send_bytes(msg.data)
                continue
            if first:  # the other side closed first; its task passes that close on
                return
            first.append("closed")
            if msg.type is aiohttp.WSMsgType.CLOSE:
                code, reason = msg.data or 1000, (msg.extra or "").encode()
            else:  # the socket broke without a close frame (1006 is never sent)
                code, reason = broken, b""
            if not dst.closed:
                await dst.close(code=code, message=reason)
            if not src.closed:
                await src.close(code=code, message=reason)
            return

    tasks = [
        # A client gone is "going away" (1001) upstream; an upstream gone is 1011 to the client.
        asyncio.ensure_future(one_way(client, up, ctx.from_client, 1001)),
        asyncio.ensure_future(one_way(up, client, ctx.from_upstream, 1011)),
    ]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for t in done:
            exc = t.exception()
            if exc is not None and not isinstance(exc, ConnectionError):
                log.warning("WebSocket relay ended: %s: %s", type(exc).__name__, exc)
        # The side that did not close first still gets the other's close handshake.
        await asyncio.wait(tasks, timeout=5.0)
    finally:
        for t in tasks:
            if not t.done():
                t.cancel()
        if not up.closed:
            # Still open here: the relay was cancelled (the client's connection ended
            # without a close frame): the client went away, not a normal closure.
            await up.close(code=aiohttp.WSCloseCode.GOING_AWAY)
        if not client.closed:
            await client.close()
        ctx.closed("the socket closed before the response completed")


def _event(text: str, marks: tuple[str, ...]) -> dict[str, Any] | None:
    """The message as a JSON object when it carries one of `marks`; None for all others
    (read with a substring search only, so the bulk of a stream passes unparsed)."""
    if not any(m in text for m in marks):
        return None
    try:
        event = json.loads(text)
    except ValueError:
        return None
    return event if isinstance(event, dict) else None


def _passed_headers(headers: MultiMapping[str] | None) -> CIMultiDict[str]:
    out: CIMultiDict[str] = CIMultiDict()
    if headers is None:
        return out
    for name, value in headers.items():
        low = name.lower()
        if low in HOP_BY_HOP or low in _HANDSHAKE or low in ("content-length", "date", "server"):
            continue
        out.add(name, value)
    return out
