"""A local stand-in for the hosted APIs: OpenAI chat/responses/completions and Anthropic
messages, in their exact wire formats, streamed (SSE) and not, with a prefix cache.

The cache behaves like the providers' (docs/reference/providers.md §1.1, §2.1):
- OpenAI: automatic, per API key (+ `prompt_cache_key`) and model; hits only from 1024
  tokens, in 128-token steps; `cached_tokens` is a subset of `prompt_tokens`.
- Anthropic: only at `cache_control` breakpoints (or the top-level `cache_control`, which
  marks the last block), tools → system → messages, 20-block lookback, 1024-token minimum,
  5m/1h TTL; reads and writes are reported in addition to `input_tokens`.

Tokens are counted with a simple word/punctuation split: an approximation of a BPE
tokenizer, good enough to make cached counts move the way the providers' do.

Test hooks are request headers (forwarded by the proxy like any other header):
`x-fake-status: 429` (error in the provider's format), `x-fake-delay-headers: SECONDS`,
`x-fake-chunk-delay: SECONDS`, `x-fake-reset-after: N` (abort the connection after N
events), `x-fake-gate: NAME` (after the first event, wait until the test opens the gate),
`x-fake-chunks: N` (output pieces).

Scripted tool calls, for real agents that cannot set headers per turn: when the latest
Anthropic message is a user turn whose text holds `[[tool_use NAME {JSON input}]]`, the
answer is that tool call (`stop_reason: tool_use`); the turn that carries the tool's result
gets the usual text answer. The Responses API does the same with a `function_call` item
when the latest input item is a user message holding the directive.

WebSockets: `/v1/responses` speaks the Responses API's WebSocket mode (a `response.create`
message per turn, the same events as the SSE stream, `previous_response_id` continuations
served from the socket's own history; `x-fake-close-after: N` closes with code 4001 after
the N-th message), `/v1/realtime` the Realtime API's text events (`response.done` carries
the usage), any other path echoes each message (`close` closes with 4000).
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import hashlib
import itertools
import json
import re
import ssl
import threading
import time
import zlib
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

TOKEN_RE = re.compile(r"\w+|[^\w\s]")
OPENAI_MIN = 1024
OPENAI_STEP = 128
ANTHROPIC_MIN = 1024
ANTHROPIC_LOOKBACK = 20
TOOL_USE_RE = re.compile(r"\[\[tool_use (\w+) (\{.*?\})\]\]", re.S)
MODEL_SNAPSHOTS = {
    "gpt-4o": "gpt-4o-2024-08-06",
    "gpt-4o-mini": "gpt-4o-mini-2024-07-18",
    "claude-sonnet-4-5": "claude-sonnet-4-5-20250929",
    "claude-sonnet-4-6": "claude-sonnet-4-6",
}
OUTPUT_TEXT = "The prefix held, so this answer was cheap to compute and quick to start streaming."


def count_tokens(text: str) -> int:
    return len(TOKEN_RE.findall(text))


def as_blocks(content: Any) -> Any:
    """Anthropic: a string is one text block (`"hi"` is `[{"type": "text", "text": "hi"}]`)."""
    return [{"type": "text", "text": content}] if isinstance(content, str) else content


def as_text(content: Any) -> Any:
    """OpenAI chat: one text content part renders as its text, the same as a string."""
    if (
        isinstance(content, list)
        and len(content) == 1
        and isinstance(content[0], dict)
        and content[0].get("type") == "text"
        and set(content[0]) <= {"type", "text"}
    ):
        return content[0].get("text")
    return content


def _decoded(raw: bytes, encoding: str) -> bytes:
    enc = encoding.strip().lower()
    if enc in ("gzip", "x-gzip"):
        return gzip.decompress(raw)
    if enc == "deflate":
        return zlib.decompress(raw)
    return raw


def scripted_tool_use(req: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The tool call a `[[tool_use NAME {...}]]` directive in the latest user turn asks for."""
    messages = req.get("messages") or []
    if not messages or messages[-1].get("role") != "user":
        return None
    content = messages[-1].get("content")
    blocks = as_blocks(content) or []
    if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in blocks):
        return None
    for block in blocks:
        if isinstance(block, dict) and block.get("type") == "text":
            m = TOOL_USE_RE.search(str(block.get("text", "")))
            if m:
                return m.group(1), json.loads(m.group(2))
    return None


def scripted_function_call(inp: Any) -> tuple[str, str] | None:
    """The OpenAI function call a `[[tool_use NAME {...}]]` directive in the latest input asks
    for (Responses input items or chat messages): (name, arguments as a JSON string). A turn
    whose last item is a tool's result gets the usual text answer."""
    if isinstance(inp, str):
        items: list[Any] = [{"role": "user", "content": inp}]
    elif isinstance(inp, list) and inp:
        items = inp
    else:
        return None
    last = items[-1]
    if not isinstance(last, dict) or last.get("role") != "user":
        return None
    content = last.get("content")
    texts = (
        [content]
        if isinstance(content, str)
        else [str(b.get("text", "")) for b in content or [] if isinstance(b, dict)]
    )
    for text in texts:
        m = TOOL_USE_RE.search(text)
        if m:
            return m.group(1), json.dumps(
                json.loads(m.group(2)), separators=(",", ":"), sort_keys=True
            )
    return None


def scripted_chat_call(messages: Any) -> tuple[str, str] | None:
    """The chat tool call the `[[tool_use NAME {...}]]` directives of the latest user message
    ask for: the first on the first answer, the next after each tool call already made since
    that message (an agent loop that runs a command, then finishes with another); None when
    they are used up."""
    if not isinstance(messages, list):
        return None
    users = [k for k, m in enumerate(messages) if isinstance(m, dict) and m.get("role") == "user"]
    if not users:
        return None
    content = messages[users[-1]].get("content")
    text = (
        content
        if isinstance(content, str)
        else " ".join(str(b.get("text", "")) for b in content or [] if isinstance(b, dict))
    )
    directives = TOOL_USE_RE.findall(text)
    made = sum(
        1
        for m in messages[users[-1] + 1 :]
        if isinstance(m, dict) and m.get("role") == "assistant" and m.get("tool_calls")
    )
    if made >= len(directives):
        return None
    name, args = directives[made]
    return name, json.dumps(json.loads(args), separators=(",", ":"), sort_keys=True)


def _sse(event: dict[str, Any]) -> bytes:
    kind = event["type"]
    data = json.dumps(event, separators=(",", ":")).encode()
    return f"event: {kind}\n".encode() + b"data: " + data + b"\n\n"


def _ws_error(code: str, message: str) -> dict[str, Any]:
    return {
        "type": "error",
        "status": 400,
        "error": {"type": "invalid_request_error", "code": code, "message": message},
    }


def tokens_of(value: Any) -> list[str]:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return TOKEN_RE.findall(text)


@dataclass
class Received:
    method: str
    raw_path: str
    headers: list[tuple[str, str]]
    body: bytes


@dataclass
class Sent:
    status: int
    headers: list[tuple[str, str]]
    body: bytes = b""


@dataclass
class FakeUpstream:
    """Run with `await fake.start()` on a loop; `fake.url` is its base URL."""

    host: str = "127.0.0.1"
    port: int = 0
    keep_received: int = 50
    received: deque[Received] = field(default_factory=deque)
    sent: OrderedDict[str, Sent] = field(default_factory=OrderedDict)
    request_count: int = 0
    _openai_cache: dict[str, OrderedDict[str, float]] = field(default_factory=dict)
    _anthropic_cache: dict[str, dict[str, float]] = field(default_factory=dict)
    _gates: dict[str, asyncio.Event] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _runner: web.AppRunner | None = None
    _loop: asyncio.AbstractEventLoop | None = None
    clock: float | None = None  # fixed "now" for TTL tests; None = real time
    disconnects: int = 0
    ws_received: list[list[str]] = field(default_factory=list)  # per socket, client messages
    ws_closes: list[tuple[int | None, Any]] = field(default_factory=list)  # echo sockets
    ws_usage: list[dict[str, Any]] = field(default_factory=list)  # per Responses turn, in order
    ssl_context: ssl.SSLContext | None = None  # set: serves HTTPS

    @property
    def url(self) -> str:
        return f"{'https' if self.ssl_context else 'http'}://{self.host}:{self.port}"

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        app = web.Application(client_max_size=512 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        # Bodies are kept as they arrived (`received`), and decoded here as a provider does.
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, auto_decompress=False
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, ssl_context=self.ssl_context)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def open_gate(self, name: str) -> None:
        """Thread-safe: let every stream waiting on `name` continue."""
        assert self._loop is not None
        self._loop.call_soon_threadsafe(self._gate(name).set)

    def _gate(self, name: str) -> asyncio.Event:
        if name not in self._gates:
            self._gates[name] = asyncio.Event()
        return self._gates[name]

    def _now(self) -> float:
        return self.clock if self.clock is not None else time.time()

    def _new_id(self, prefix: str) -> str:
        return f"{prefix}{next(self._ids):012x}"

    # -- dispatch --------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            self.received.append(
                Received(request.method, request.raw_path, list(request.headers.items()), b"")
            )
            if request.path.rstrip("/").endswith("/responses"):
                return await self._responses_ws(request)
            if request.path.rstrip("/").endswith("/realtime"):
                return await self._realtime_ws(request)
            return await self._echo_ws(request)
        raw = await request.read()
        self.request_count += 1
        self.received.append(
            Received(request.method, request.raw_path, list(request.headers.items()), raw)
        )
        try:
            body = _decoded(raw, request.headers.get("Content-Encoding", ""))
        except (OSError, zlib.error):
            return self._error(request, 400, False, "could not decode the request body")
        while len(self.received) > self.keep_received:
            self.received.popleft()
        hdr = request.headers
        delay = float(hdr.get("x-fake-delay-headers", "0") or 0)
        if delay:
            await asyncio.sleep(delay)
        path = request.path.rstrip("/")
        anthropic = path.endswith("/v1/messages")
        if request.method == "POST" and (
            path.endswith(("/chat/completions", "/completions", "/responses")) or anthropic
        ):
            status = hdr.get("x-fake-status")
            if status:
                return self._error(request, int(status), anthropic, "injected failure")
            if anthropic:
                if not hdr.get("x-api-key") and not hdr.get("Authorization"):
                    return self._error(request, 401, True, "x-api-key header is required")
            elif not hdr.get("Authorization", "").startswith("Bearer "):
                return self._error(request, 401, False, "You didn't provide an API key.")
            try:
                req = json.loads(body)
                if not isinstance(req, dict):
                    raise ValueError("not an object")
            except (ValueError, UnicodeDecodeError):
                return self._error(
                    request, 400, anthropic, "We could not parse the JSON body of your request."
                )
            if path.endswith("/chat/completions"):
                return await self._chat(request, req)
            if path.endswith("/completions"):
                return await self._completions(request, req)
            if path.endswith("/responses"):
                return await self._responses(request, req)
            return await self._messages(request, req)
        if request.method == "GET" and path.endswith("/v1/models"):
            data = {
                "object": "list",
                "data": [{"id": m, "object": "model"} for m in MODEL_SNAPSHOTS],
            }
            return self._json(request, 200, data)
        echo = {
            "method": request.method,
            "path": request.path,
            "query": request.rel_url.raw_query_string,
            "body_sha256": hashlib.sha256(body).hexdigest(),
            "body_bytes": len(body),
        }
        return self._json(request, 200, echo)

    # -- responses -------------------------------------------------------------------------

    def _base_headers(self, anthropic: bool) -> tuple[str, list[tuple[str, str]]]:
        rid = self._new_id("req_")
        if anthropic:
            return rid, [
                ("request-id", rid),
                ("anthropic-ratelimit-requests-remaining", "4999"),
                ("anthropic-organization-id", "00000000-fake-org"),
            ]
        return rid, [
            ("x-request-id", rid),
            ("openai-processing-ms", "42"),
            ("openai-version", "2020-10-01"),
            ("x-ratelimit-remaining-tokens", "149999"),
            ("Set-Cookie", "__cf_bm=fake1; path=/; HttpOnly"),
            ("Set-Cookie", "_cfuvid=fake2; path=/; HttpOnly"),
        ]

    def _json(
        self, request: web.Request, status: int, data: Any, anthropic: bool = False
    ) -> web.Response:
        rid, headers = self._base_headers(anthropic)
        raw = json.dumps(data, separators=(",", ":")).encode()
        headers.append(("Content-Type", "application/json"))
        if "gzip" in request.headers.get("Accept-Encoding", ""):
            raw = gzip.compress(raw, mtime=0)
            headers.append(("Content-Encoding", "gzip"))
        resp = web.Response(status=status, body=raw)
        for k, v in headers:
            resp.headers.add(k, v)
        self._remember(rid, Sent(status, headers, raw))
        return resp

    def _remember(self, rid: str, sent: Sent) -> None:
        self.sent[rid] = sent
        while len(self.sent) > 1000:
            self.sent.popitem(last=False)

    def _error(
        self, request: web.Request, status: int, anthropic: bool, message: str
    ) -> web.Response:
        if anthropic:
            kind = {401: "authentication_error", 429: "rate_limit_error", 529: "overloaded_error"}
            data: dict[str, Any] = {
                "type": "error",
                "error": {
                    "type": kind.get(
                        status, "api_error" if status >= 500 else "invalid_request_error"
                    ),
                    "message": message,
                },
            }
        else:
            kind = {401: "invalid_request_error", 429: "requests", 500: "server_error"}
            data = {
                "error": {
                    "message": message,
                    "type": kind.get(status, "invalid_request_error"),
                    "param": None,
                    "code": "rate_limit_exceeded" if status == 429 else None,
                }
            }
        resp = self._json(request, status, data, anthropic)
        if status == 429:
            resp.headers["Retry-After"] = "0"
        return resp

    async def _stream(
        self, request: web.Request, events: list[bytes], anthropic: bool
    ) -> web.StreamResponse:
        rid, headers = self._base_headers(anthropic)
        headers += [
            ("Content-Type", "text/event-stream; charset=utf-8"),
            ("Cache-Control", "no-cache"),
        ]
        resp = web.StreamResponse(status=200)
        for k, v in headers:
            resp.headers.add(k, v)
        await resp.prepare(request)
        sent = Sent(200, headers)
        self._remember(rid, sent)
        hdr = request.headers
        chunk_delay = float(hdr.get("x-fake-chunk-delay", "0") or 0)
        reset_after = int(hdr.get("x-fake-reset-after", "-1"))
        gate = hdr.get("x-fake-gate")
        try:
            for i, event in enumerate(events):
                if i == reset_after:
                    assert request.transport is not None
                    request.transport.abort()
                    return resp
                if i and chunk_delay:
                    await asyncio.sleep(chunk_delay)
                if i == 1 and gate:
                    await self._gate(gate).wait()
                await resp.write(event)
                sent.body += event
            await resp.write_eof()
        except ConnectionError:
            self.disconnects += 1
        return resp

    # -- OpenAI ----------------------------------------------------------------------------

    def _openai_cached(
        self, request: web.Request, req: dict[str, Any], segments: list[Any]
    ) -> tuple[int, int]:
        """(prompt tokens, cached tokens) under OpenAI's automatic prefix caching."""
        toks: list[str] = []
        for seg in segments:
            if seg is not None:
                toks.extend(tokens_of(seg))
        total = len(toks)
        key = "|".join(
            [
                request.headers.get("Authorization", ""),
                str(req.get("model")),
                str(req.get("prompt_cache_key", "")),
            ]
        )
        now = self._now()
        with self._lock:
            cache = self._openai_cache.setdefault(key, OrderedDict())
            h = hashlib.sha256()
            hits = 0
            broken = False
            hashes = []
            for start in range(0, total - total % OPENAI_STEP, OPENAI_STEP):
                h.update("\x00".join(toks[start : start + OPENAI_STEP]).encode())
                digest = h.copy().hexdigest()
                hashes.append(digest)
                seen = cache.get(digest)
                if not broken and seen is not None and now - seen < 600:
                    hits += 1
                else:
                    broken = True
            for digest in hashes:
                cache[digest] = now
                cache.move_to_end(digest)
            while len(cache) > 100_000:
                cache.popitem(last=False)
        cached = hits * OPENAI_STEP
        if cached < OPENAI_MIN or total < OPENAI_MIN:
            cached = 0
        return total, min(cached, max(0, total - 1))

    def _model(self, req: dict[str, Any]) -> str:
        model = str(req.get("model", "gpt-4o"))
        return MODEL_SNAPSHOTS.get(model, model)

    def _pieces(self, request: web.Request) -> list[str]:
        n = int(request.headers.get("x-fake-chunks", "0") or 0)
        words = OUTPUT_TEXT.split(" ")
        if n > len(words):
            words = (words * (n // len(words) + 1))[:n]
        elif n:
            words = words[:n]
        return [w if i == 0 else " " + w for i, w in enumerate(words)]

    async def _chat(self, request: web.Request, req: dict[str, Any]) -> web.StreamResponse:
        segments = [req.get("tools"), req.get("response_format")] + [
            {
                "role": m.get("role"),
                "content": as_text(m.get("content")),
                "tool_calls": m.get("tool_calls"),
            }
            for m in req.get("messages") or []
            if isinstance(m, dict)
        ]
        prompt, cached = self._openai_cached(request, req, segments)
        pieces = self._pieces(request)
        completion = sum(count_tokens(p) for p in pieces)
        usage = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": cached, "audio_tokens": 0},
            "completion_tokens_details": {
                "reasoning_tokens": 0,
                "audio_tokens": 0,
                "accepted_prediction_tokens": 0,
                "rejected_prediction_tokens": 0,
            },
        }
        cid = self._new_id("chatcmpl-")
        created = int(self._now())
        model = self._model(req)
        fp = "fp_fake0000"
        call = scripted_chat_call(req.get("messages")) if req.get("tools") else None
        if not req.get("stream"):
            message: dict[str, Any] = {
                "role": "assistant",
                "content": None if call else "".join(pieces),
                "refusal": None,
                "annotations": [],
            }
            if call:
                message["tool_calls"] = [
                    {
                        "id": self._new_id("call_"),
                        "type": "function",
                        "function": {"name": call[0], "arguments": call[1]},
                    }
                ]
            data = {
                "id": cid,
                "object": "chat.completion",
                "created": created,
                "model": model,
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "logprobs": None,
                        "finish_reason": "tool_calls" if call else "stop",
                    }
                ],
                "usage": usage,
                "service_tier": "default",
                "system_fingerprint": fp,
            }
            return self._json(request, 200, data)
        include_usage = bool((req.get("stream_options") or {}).get("include_usage"))

        def chunk(delta: dict[str, Any], finish: str | None) -> bytes:
            obj: dict[str, Any] = {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "service_tier": "default",
                "system_fingerprint": fp,
                "choices": [
                    {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
                ],
            }
            if include_usage:
                obj["usage"] = None
            return b"data: " + json.dumps(obj, separators=(",", ":")).encode() + b"\n\n"

        if call:
            events = [chunk({"role": "assistant", "content": None, "refusal": None}, None)]
            tool_call = {
                "index": 0,
                "id": self._new_id("call_"),
                "type": "function",
                "function": {"name": call[0], "arguments": call[1]},
            }
            events.append(chunk({"tool_calls": [tool_call]}, None))
            events.append(chunk({}, "tool_calls"))
        else:
            events = [chunk({"role": "assistant", "content": "", "refusal": None}, None)]
            events += [chunk({"content": p}, None) for p in pieces]
            events.append(chunk({}, "stop"))
        if include_usage:
            final = {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "service_tier": "default",
                "system_fingerprint": fp,
                "choices": [],
                "usage": usage,
            }
            events.append(b"data: " + json.dumps(final, separators=(",", ":")).encode() + b"\n\n")
        events.append(b"data: [DONE]\n\n")
        return await self._stream(request, events, False)

    async def _completions(self, request: web.Request, req: dict[str, Any]) -> web.StreamResponse:
        prompt_in = req.get("prompt")
        prompt, cached = self._openai_cached(request, req, [prompt_in])
        pieces = self._pieces(request)
        completion = sum(count_tokens(p) for p in pieces)
        usage = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": cached},
        }
        cid = self._new_id("cmpl-")
        created = int(self._now())
        model = str(req.get("model"))
        if not req.get("stream"):
            data = {
                "id": cid,
                "object": "text_completion",
                "created": created,
                "model": model,
                "choices": [
                    {
                        "text": "".join(pieces),
                        "index": 0,
                        "logprobs": None,
                        "finish_reason": "length",
                        "stop_reason": None,
                    }
                ],
                "usage": usage,
            }
            return self._json(request, 200, data)
        include_usage = bool((req.get("stream_options") or {}).get("include_usage"))

        def chunk(text: str, finish: str | None) -> bytes:
            obj: dict[str, Any] = {
                "id": cid,
                "object": "text_completion",
                "created": created,
                "model": model,
                "choices": [
                    {
                        "index": 0,
                        "text": text,
                        "logprobs": None,
                        "finish_reason": finish,
                        "stop_reason": None,
                    }
                ],
            }
            if include_usage:
                obj["usage"] = None
            return b"data: " + json.dumps(obj, separators=(",", ":")).encode() + b"\n\n"

        events = [chunk(p, None) for p in pieces[:-1]] + [chunk(pieces[-1], "length")]
        if include_usage:
            final = {
                "id": cid,
                "object": "text_completion",
                "created": created,
                "model": model,
                "choices": [],
                "usage": usage,
            }
            events.append(b"data: " + json.dumps(final, separators=(",", ":")).encode() + b"\n\n")
        events.append(b"data: [DONE]\n\n")
        return await self._stream(request, events, False)

    async def _responses(self, request: web.Request, req: dict[str, Any]) -> web.StreamResponse:
        final, events = self._responses_events(request, req, req.get("input"))
        if not req.get("stream"):
            return self._json(request, 200, final)
        return await self._stream(request, [_sse(e) for e in events], False)

    def _responses_events(
        self, request: web.Request, req: dict[str, Any], whole_input: Any
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """(the response object, the stream of events that builds it) for one request.

        `whole_input` is what the cache sees: over a WebSocket, a turn that continues an
        earlier one (`previous_response_id`) is served from that turn's input and output
        followed by the new input.
        """
        segments = [
            req.get("tools"),
            (req.get("text") or {}).get("format"),
            req.get("instructions"),
            whole_input,
        ]
        prompt, cached = self._openai_cached(request, req, segments)
        pieces = self._pieces(request)
        completion = sum(count_tokens(p) for p in pieces)
        text = "".join(pieces)
        rid = self._new_id("resp_")
        mid = self._new_id("msg_")
        created = int(self._now())
        usage = {
            "input_tokens": prompt,
            "input_tokens_details": {"cached_tokens": cached},
            "output_tokens": completion,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": prompt + completion,
        }

        def response(status: str, output: list[Any], use: Any) -> dict[str, Any]:
            return {
                "id": rid,
                "object": "response",
                "created_at": created,
                "status": status,
                "background": False,
                "error": None,
                "incomplete_details": None,
                "instructions": req.get("instructions"),
                "max_output_tokens": req.get("max_output_tokens"),
                "model": self._model(req),
                "output": output,
                "parallel_tool_calls": True,
                "previous_response_id": req.get("previous_response_id"),
                "prompt_cache_key": req.get("prompt_cache_key"),
                "reasoning": {"effort": None, "summary": None},
                "service_tier": "default",
                "store": True,
                "temperature": 1.0,
                "text": {"format": {"type": "text"}, "verbosity": "medium"},
                "tool_choice": "auto",
                "tools": req.get("tools") or [],
                "top_p": 1.0,
                "truncation": "disabled",
                "usage": use,
                "user": None,
                "metadata": {},
            }

        seq = itertools.count()

        def ev(kind: str, **fields: Any) -> dict[str, Any]:
            return {"type": kind, "sequence_number": next(seq), **fields}

        if req.get("generate") is False:
            # A prewarm (Codex sends one per socket): the prefix is read into the cache,
            # nothing is generated.
            usage.update(output_tokens=0, total_tokens=prompt)
            final = response("completed", [], usage)
            events = [
                ev("response.created", response=response("in_progress", [], None)),
                ev("response.completed", response=final),
            ]
            return final, events
        call = scripted_function_call(req.get("input"))
        if call is not None:
            name, arguments = call
            fid = self._new_id("fc_")
            item: dict[str, Any] = {
                "id": fid,
                "type": "function_call",
                "status": "completed",
                "arguments": arguments,
                "call_id": self._new_id("call_"),
                "name": name,
            }
            started = {**item, "status": "in_progress", "arguments": ""}
            events = [
                ev("response.created", response=response("in_progress", [], None)),
                ev("response.in_progress", response=response("in_progress", [], None)),
                ev("response.output_item.added", output_index=0, item=started),
                ev(
                    "response.function_call_arguments.delta",
                    item_id=fid,
                    output_index=0,
                    delta=arguments,
                ),
                ev(
                    "response.function_call_arguments.done",
                    item_id=fid,
                    output_index=0,
                    arguments=arguments,
                ),
                ev("response.output_item.done", output_index=0, item=item),
            ]
            final = response("completed", [item], usage)
            events.append(ev("response.completed", response=final))
            return final, events

        part = {"type": "output_text", "annotations": [], "logprobs": [], "text": text}
        item = {
            "id": mid,
            "type": "message",
            "status": "completed",
            "content": [part],
            "role": "assistant",
        }
        empty_item = {
            "id": mid,
            "type": "message",
            "status": "in_progress",
            "content": [],
            "role": "assistant",
        }
        events = [
            ev("response.created", response=response("in_progress", [], None)),
            ev("response.in_progress", response=response("in_progress", [], None)),
            ev("response.output_item.added", output_index=0, item=empty_item),
            ev(
                "response.content_part.added",
                item_id=mid,
                output_index=0,
                content_index=0,
                part={"type": "output_text", "annotations": [], "logprobs": [], "text": ""},
            ),
        ]
        events += [
            ev(
                "response.output_text.delta",
                item_id=mid,
                output_index=0,
                content_index=0,
                delta=p,
                logprobs=[],
            )
            for p in pieces
        ]
        final = response("completed", [item], usage)
        events += [
            ev(
                "response.output_text.done",
                item_id=mid,
                output_index=0,
                content_index=0,
                text=text,
                logprobs=[],
            ),
            ev(
                "response.content_part.done",
                item_id=mid,
                output_index=0,
                content_index=0,
                part=part,
            ),
            ev("response.output_item.done", output_index=0, item=item),
            ev("response.completed", response=final),
        ]
        return final, events

    async def _responses_ws(self, request: web.Request) -> web.StreamResponse:
        """The Responses API over a WebSocket: one `response.create` message per turn.

        The server keeps each turn's input and output on the socket, so a turn may send
        `previous_response_id` and only its new input (OpenAI's WebSocket mode).
        """
        if not request.headers.get("Authorization", "").startswith("Bearer "):
            return self._error(request, 401, False, "You didn't provide an API key.")
        status = request.headers.get("x-fake-status")
        if status:
            return self._error(request, int(status), False, "injected failure")
        ws = web.WebSocketResponse(autoclose=True, max_msg_size=0)
        ws.headers["x-request-id"] = self._new_id("req_")
        ws.headers["openai-processing-ms"] = "3"
        await ws.prepare(request)
        self.ws_received.append([])
        received = self.ws_received[-1]
        held: dict[str, list[Any]] = {}  # response id -> that turn's whole input and output
        close_after = int(request.headers.get("x-fake-close-after", "-1"))
        async for msg in ws:
            if msg.type is not WSMsgType.TEXT:
                continue
            received.append(msg.data)
            try:
                event = json.loads(msg.data)
            except ValueError:
                await ws.send_str(json.dumps(_ws_error("invalid_json", "not JSON")))
                continue
            if event.get("type") != "response.create":
                await ws.send_str(json.dumps(_ws_error("unknown_event", str(event.get("type")))))
                continue
            req = {k: v for k, v in event.items() if k != "type"}
            new = req.get("input")
            new_items = [{"role": "user", "content": new}] if isinstance(new, str) else new or []
            prev = req.get("previous_response_id")
            if prev is not None and prev not in held:
                err = _ws_error("previous_response_not_found", f"Previous response {prev!r}")
                await ws.send_str(json.dumps(err))
                continue
            whole = [*(held.get(prev, []) if prev else []), *new_items]
            final, events = self._responses_events(request, req, whole)
            self.request_count += 1
            for e in events:
                await ws.send_str(json.dumps(e, separators=(",", ":")))
            held[final["id"]] = [*whole, *final["output"]]
            self.ws_usage.append(final["usage"])
            if len(received) == close_after:
                await ws.close(code=4001, message=b"fake: closing as asked")
                break
        return ws

    async def _echo_ws(self, request: web.Request) -> web.StreamResponse:
        """Any other path: each message comes back as sent; `close` closes with code 4000."""
        ws = web.WebSocketResponse(autoclose=True, max_msg_size=0)
        ws.headers["x-fake-echo"] = "1"
        await ws.prepare(request)
        async for msg in ws:
            if msg.type is WSMsgType.TEXT:
                if msg.data == "close":
                    await ws.close(code=4000, message=b"asked to close")
                    break
                await ws.send_str(msg.data)
            elif msg.type is WSMsgType.BINARY:
                await ws.send_bytes(msg.data)
        self.ws_closes.append((ws.close_code, None))
        return ws

    async def _realtime_ws(self, request: web.Request) -> web.StreamResponse:
        """The Realtime API's text path: session, conversation items, response.done usage."""
        if not request.headers.get("Authorization", "").startswith("Bearer "):
            return self._error(request, 401, False, "You didn't provide an API key.")
        ws = web.WebSocketResponse(autoclose=True, max_msg_size=0, protocols=("realtime",))
        await ws.prepare(request)
        model = request.rel_url.query.get("model", "gpt-realtime")
        session: dict[str, Any] = {
            "id": self._new_id("sess_"),
            "object": "realtime.session",
            "type": "realtime",
            "model": model,
            "instructions": "",
            "tools": [],
        }
        items: list[Any] = []
        self.ws_received.append([])
        received = self.ws_received[-1]
        ids = itertools.count(1)

        async def send(kind: str, **fields: Any) -> None:
            ev = {"type": kind, "event_id": f"event_{next(ids):06d}", **fields}
            await ws.send_str(json.dumps(ev, separators=(",", ":")))

        await send("session.created", session=session)
        async for msg in ws:
            if msg.type is not WSMsgType.TEXT:
                continue
            received.append(msg.data)
            event = json.loads(msg.data)
            kind = event.get("type")
            if kind == "session.update":
                session.update(event.get("session") or {})
                await send("session.updated", session=session)
            elif kind == "conversation.item.create":
                items.append(event["item"])
                await send("conversation.item.created", item=event["item"])
            elif kind == "response.create":
                req = {"model": model}
                prompt, cached = self._openai_cached(
                    request, req, [session.get("tools"), session.get("instructions"), items]
                )
                text = OUTPUT_TEXT
                out = count_tokens(text)
                rid = self._new_id("resp_")
                item = {
                    "id": self._new_id("item_"),
                    "type": "message",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": text}],
                }
                await send("response.created", response={"id": rid, "status": "in_progress"})
                await send("response.output_text.delta", response_id=rid, delta=text)
                items.append(item)
                usage = {
                    "total_tokens": prompt + out,
                    "input_tokens": prompt,
                    "output_tokens": out,
                    "input_token_details": {
                        "text_tokens": prompt,
                        "audio_tokens": 0,
                        "cached_tokens": cached,
                    },
                    "output_token_details": {"text_tokens": out, "audio_tokens": 0},
                }
                response = {
                    "id": rid,
                    "object": "realtime.response",
                    "status": "completed",
                    "output": [item],
                    "usage": usage,
                }
                await send("response.done", response=response)
        return ws

    # -- Anthropic -------------------------------------------------------------------------

    def _anthropic_usage(self, request: web.Request, req: dict[str, Any]) -> dict[str, Any]:
        """Prefix-cache accounting at the request's breakpoints (tools → system → messages)."""
        blocks: list[tuple[Any, str | None]] = []  # (content, ttl if a breakpoint here)

        def bp(block: Any) -> str | None:
            cc = block.get("cache_control") if isinstance(block, dict) else None
            return str(cc.get("ttl", "5m")) if isinstance(cc, dict) else None

        for tool in req.get("tools") or []:
            blocks.append(({k: v for k, v in tool.items() if k != "cache_control"}, bp(tool)))
        # The API reads string content as one text block: both forms are the same prefix.
        system = as_blocks(req.get("system"))
        if isinstance(system, list):
            blocks += [
                ({k: v for k, v in b.items() if k != "cache_control"}, bp(b)) for b in system
            ]
        for msg in req.get("messages") or []:
            content = as_blocks(msg.get("content"))
            if isinstance(content, list):
                for b in content:
                    strip = {k: v for k, v in b.items() if k != "cache_control"}
                    blocks.append(({"role": msg.get("role"), **strip}, bp(b)))
        if isinstance(req.get("cache_control"), dict) and blocks:
            blocks[-1] = (blocks[-1][0], str(req["cache_control"].get("ttl", "5m")))
        # Parameters that change the cache key: model, tool_choice, thinking.
        params = json.dumps([req.get("model"), req.get("tool_choice"), req.get("thinking")])
        h = hashlib.sha256(params.encode())
        bounds: list[tuple[int, str, str | None]] = []  # (token position, prefix hash, ttl)
        pos = 0
        for content, ttl in blocks:
            h.update(json.dumps(content, sort_keys=False).encode())
            pos += len(tokens_of(content))
            bounds.append((pos, h.copy().hexdigest(), ttl))
        total = pos
        now = self._now()
        key = request.headers.get("x-api-key") or request.headers.get("Authorization") or ""
        read = 0
        write_5m = write_1h = 0
        with self._lock:
            cache = self._anthropic_cache.setdefault(key, {})
            breakpoints = [i for i, (_, _, ttl) in enumerate(bounds) if ttl]
            for b in breakpoints:
                # The breakpoint's own block and the 20 blocks before it.
                for j in range(b, max(-1, b - ANTHROPIC_LOOKBACK - 1), -1):
                    expires = cache.get(bounds[j][1])
                    if expires is not None and expires > now and bounds[j][0] > read:
                        read = bounds[j][0]
                        break
            if breakpoints and bounds[breakpoints[-1]][0] >= ANTHROPIC_MIN:
                written = read
                for b in breakpoints:
                    p, digest, ttl = bounds[b]
                    if p > written:
                        if ttl == "1h":
                            write_1h += p - written
                        else:
                            write_5m += p - written
                        written = p
                    cache[digest] = now + (3600 if ttl == "1h" else 300)
            # Reading refreshes the entry's TTL for free.
            for p, digest, _ in bounds:
                if p == read and digest in cache:
                    cache[digest] = max(cache[digest], now + 300)
        if total < ANTHROPIC_MIN:
            read = write_5m = write_1h = 0
        return {
            "input_tokens": max(0, total - read - write_5m - write_1h),
            "cache_creation_input_tokens": write_5m + write_1h,
            "cache_read_input_tokens": read,
            "cache_creation": {
                "ephemeral_5m_input_tokens": write_5m,
                "ephemeral_1h_input_tokens": write_1h,
            },
            "service_tier": "standard",
        }

    async def _messages(self, request: web.Request, req: dict[str, Any]) -> web.StreamResponse:
        usage = self._anthropic_usage(request, req)
        pieces = self._pieces(request)
        output = sum(count_tokens(p) for p in pieces)
        mid = self._new_id("msg_")
        model = self._model(req)
        if not req.get("stream"):
            body = {
                "id": mid,
                "type": "message",
                "role": "assistant",
                "model": model,
                "content": [{"type": "text", "text": "".join(pieces)}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {**usage, "output_tokens": output},
            }
            return self._json(request, 200, body, anthropic=True)

        def ev(kind: str, data: dict[str, Any]) -> bytes:
            return (
                f"event: {kind}\ndata: ".encode()
                + json.dumps(data, separators=(",", ":")).encode()
                + b"\n\n"
            )

        start: dict[str, Any] = {
            "id": mid,
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {**usage, "output_tokens": 1},
        }
        tool = scripted_tool_use(req)
        if tool is None:
            block: dict[str, Any] = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": p} for p in pieces]
        else:
            block = {"type": "tool_use", "id": self._new_id("toolu_"), "name": tool[0], "input": {}}
            deltas = [{"type": "input_json_delta", "partial_json": json.dumps(tool[1])}]
        events = [
            ev("message_start", {"type": "message_start", "message": start}),
            ev(
                "content_block_start",
                {"type": "content_block_start", "index": 0, "content_block": block},
            ),
            b'event: ping\ndata: {"type": "ping"}\n\n',
        ]
        events += [
            ev("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": d})
            for d in deltas
        ]
        delta_usage = {
            "input_tokens": usage["input_tokens"],
            "cache_creation_input_tokens": usage["cache_creation_input_tokens"],
            "cache_read_input_tokens": usage["cache_read_input_tokens"],
            "output_tokens": output,
        }
        events += [
            ev("content_block_stop", {"type": "content_block_stop", "index": 0}),
            ev(
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {
                        "stop_reason": "end_turn" if tool is None else "tool_use",
                        "stop_sequence": None,
                    },
                    "usage": delta_usage,
                },
            ),
            ev("message_stop", {"type": "message_stop"}),
        ]
        return await self._stream(request, events, True)


class ThreadedUpstream:
    """A FakeUpstream serving from its own event loop in a thread, for tests that drive
    blocking clients and other processes: `with ThreadedUpstream() as up: up.fake.url`."""

    def __init__(self, **config: Any) -> None:
        config.setdefault("keep_received", 0)
        self.fake = FakeUpstream(**config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> ThreadedUpstream:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.fake.start(), self.loop).result(10)
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self.fake.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def main() -> None:
    """`python tests/proxy/fake_upstream.py [PORT]`: serve until killed (used by bench/)."""
    import sys

    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0

    async def serve() -> None:
        fake = FakeUpstream(port=port, keep_received=0)
        await fake.start()
        print(f"fake upstream listening on {fake.url}", flush=True)
        await asyncio.Event().wait()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve())


if __name__ == "__main__":
    main()
