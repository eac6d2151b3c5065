"""Usage from response bodies and event streams, read without slowing them.

On the response path `ResponseTee.feed` does only byte searches: it keeps the few SSE
lines that carry usage (and the first data line, for the model) and, for plain bodies,
the bytes up to a cap. JSON is parsed later, in the writer thread, by `extract`.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from promptlint.wire.usage import merge_anthropic_stream

BODY_CAP = 16 * 1024 * 1024  # a non-streamed body larger than this is not kept for usage
LINE_CAP = 4 * 1024 * 1024  # an SSE line larger than this is not kept

_USAGE = b'"usage"'
_USAGE_NULL = (b'"usage":null', b'"usage": null')


_ZLIB = type(zlib.decompressobj())


def _decompressor(encoding: str) -> Any:
    enc = encoding.strip().lower()
    if enc in ("gzip", "x-gzip"):
        return zlib.decompressobj(16 + zlib.MAX_WBITS)
    if enc == "deflate":
        return zlib.decompressobj()
    if enc == "br":
        try:
            import brotli
        except ImportError:
            return None
        return brotli.Decompressor()
    if enc in ("", "identity"):
        return False
    return None


class ResponseTee:
    """Watches the bytes of one response as they pass; never raises into the caller."""

    __slots__ = (
        "_decoder",
        "_partial",
        "_partial_len",
        "_size",
        "body",
        "first_line",
        "lines",
        "overflow",
        "streamed",
        "undecodable",
    )

    def __init__(self, streamed: bool, content_encoding: str | None) -> None:
        self.streamed = streamed
        dec = _decompressor(content_encoding or "")
        self.undecodable = dec is None
        self._decoder = dec or None
        self.body: list[bytes] = []
        self._size = 0
        self.overflow = False
        self._partial: list[bytes] = []
        self._partial_len = 0
        self.first_line: bytes | None = None
        self.lines: list[bytes] = []  # usage-bearing data lines, first and latest kept

    @property
    def held_bytes(self) -> int:
        """The bytes this tee keeps for the writer (counted in the writer queue's budget)."""
        held = sum(map(len, self.body)) + sum(map(len, self.lines)) + self._partial_len
        return held + len(self.first_line or b"")

    def drop(self) -> None:
        """Give up the copy (over the writer's byte budget): usage of this response is lost."""
        self.overflow = True
        self.body.clear()
        self.lines.clear()
        self.first_line = None
        self._partial.clear()
        self._partial_len = 0

    def release_decoder(self) -> None:
        """Drop the stream decompressor (the stream is over; it cannot be pickled)."""
        self._decoder = None

    def feed(self, chunk: bytes) -> None:
        if self.undecodable or self.overflow:
            return
        if not self.streamed:
            # Plain bodies are kept raw (decompressed later, off the response path).
            self._size += len(chunk)
            if self._size > BODY_CAP:
                self.overflow = True
                self.body.clear()
            else:
                self.body.append(chunk)
            return
        if self._decoder is not None:
            try:
                chunk = self._decoder.decompress(chunk)
            except Exception:
                self.undecodable = True
                return
        end = chunk.rfind(b"\n")
        if end < 0:
            self._hold(chunk)
            return
        if self._partial:
            self._partial.append(chunk[: end + 1])
            block = b"".join(self._partial)
            self._partial.clear()
            self._partial_len = 0
        else:
            block = chunk[: end + 1]
        if end + 1 < len(chunk):
            self._hold(chunk[end + 1 :])
        if self.first_line is None or _USAGE in block:
            self._scan(block)

    def _hold(self, piece: bytes) -> None:
        self._partial_len += len(piece)
        if self._partial_len > LINE_CAP:
            # A giant line: drop it, resynchronise at the next newline.
            self._partial.clear()
            self._partial_len = 0
            return
        self._partial.append(piece)

    def _scan(self, block: bytes) -> None:
        for line in block.split(b"\n"):
            if not line.startswith(b"data:"):
                continue
            if self.first_line is None:
                self.first_line = line
            if _USAGE in line and not any(n in line for n in _USAGE_NULL):
                if len(self.lines) >= 2:
                    self.lines[1] = line  # keep the first (message_start) and the latest
                else:
                    self.lines.append(line)


def _json_of_data_line(line: bytes) -> Any:
    payload = line[5:].strip()
    if not payload or payload == b"[DONE]":
        return None
    try:
        return json.loads(payload)
    except ValueError:
        return None


def decode_body(data: bytes, content_encoding: str | None) -> bytes | None:
    """`data` decoded per its Content-Encoding; None when the encoding is unknown, the data
    is corrupt, or it decodes to more than BODY_CAP (a compression bomb is not unpacked)."""
    enc = (content_encoding or "").strip().lower()
    if enc in ("", "identity"):
        return data
    dec = _decompressor(enc)
    if not dec:
        return None
    try:
        if isinstance(dec, _ZLIB):
            out: bytes = dec.decompress(data, BODY_CAP + 1)
        else:
            out = dec.process(data) if hasattr(dec, "process") else dec.decompress(data)
    except Exception:
        return None
    return out if len(out) <= BODY_CAP else None


def _decode_body(tee: ResponseTee, content_encoding: str | None) -> bytes | None:
    return decode_body(b"".join(tee.body), content_encoding)


def extract(
    tee: ResponseTee, content_encoding: str | None
) -> tuple[dict[str, Any] | None, str | None]:
    """(usage object as the provider returned it — merged for streams, response model)."""
    if tee.undecodable or tee.overflow:
        return None, None
    if not tee.streamed:
        raw = _decode_body(tee, content_encoding)
        if not raw:
            return None, None
        try:
            obj = json.loads(raw)
        except ValueError:
            return None, None
        if not isinstance(obj, dict):
            return None, None
        # Responses nests under "response" only in events; bodies are the object itself.
        usage = obj.get("usage")
        model = obj.get("model")
        return (usage if isinstance(usage, dict) else None), (
            model if isinstance(model, str) else None
        )
    events = [e for e in (_json_of_data_line(line) for line in tee.lines) if isinstance(e, dict)]
    model = None
    usage = None
    first = _json_of_data_line(tee.first_line) if tee.first_line else None
    for ev in [first, *events]:
        if isinstance(ev, dict) and model is None:
            model = _model_of_event(ev)
    for ev in events:
        u = _usage_of_event(ev)
        if u is None:
            continue
        if usage is not None and ev.get("type") == "message_delta":
            usage = merge_anthropic_stream(usage, u)
        else:
            usage = u
    return usage, model


def _model_of_event(ev: dict[str, Any]) -> str | None:
    for holder in (ev, ev.get("message"), ev.get("response")):
        if isinstance(holder, dict) and isinstance(holder.get("model"), str):
            return str(holder["model"])
    return None


def _usage_of_event(ev: dict[str, Any]) -> dict[str, Any] | None:
    for holder in (ev, ev.get("message"), ev.get("response")):
        if isinstance(holder, dict) and isinstance(holder.get("usage"), dict):
            return dict(holder["usage"])
    return None
