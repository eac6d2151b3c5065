"""A TCP tap on loopback: relays every connection to a target unchanged and keeps the bytes
each way, then parses them as HTTP/1.1 (h11) — what a client really sent and received,
below its HTTP library. The agents tests put it between a real agent and the upstream (or
the proxy) to compare the bytes the agent got direct and through the proxy."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import zlib
from dataclasses import dataclass, field

import h11


@dataclass
class Message:
    head: tuple[int | bytes, list[tuple[bytes, bytes]]]  # (status | method+target, headers)
    body: bytes


@dataclass
class Connection:
    sent: bytearray = field(default_factory=bytearray)  # client -> target
    received: bytearray = field(default_factory=bytearray)  # target -> client


class Tap:
    """`with Tap("127.0.0.1", port) as tap:` point the client at `tap.url`."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.connections: list[Connection] = []
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._server: asyncio.Server
        self.url = ""

    def __enter__(self) -> Tap:
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    async def _close(self) -> None:
        # Agents keep their connections open: end the relays still running.
        self._server.close()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self._server.wait_closed()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._relay, "127.0.0.1", 0)
        )
        port = self._server.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self._ready.set()
        self._loop.run_forever()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection()
        self.connections.append(conn)
        up_reader, up_writer = await asyncio.open_connection(*self.target)

        async def pump(
            src: asyncio.StreamReader, dst: asyncio.StreamWriter, keep: bytearray
        ) -> None:
            try:
                while data := await src.read(65536):
                    keep += data
                    dst.write(data)
                    await dst.drain()
            except ConnectionError:
                pass
            finally:
                if dst.can_write_eof():
                    with contextlib.suppress(OSError, RuntimeError):
                        dst.write_eof()

        try:
            await asyncio.gather(
                pump(reader, up_writer, conn.sent), pump(up_reader, writer, conn.received)
            )
        finally:
            writer.close()
            up_writer.close()

    def upgrades(self) -> list[Upgraded]:
        """Every connection that switched to WebSocket, in order."""
        return [u for conn in self.connections if (u := upgraded(conn)) is not None]

    def exchanges(self) -> list[tuple[Message, Message]]:
        """Every (request, response) on every connection, in order; bodies de-chunked."""
        out = []
        for conn in self.connections:
            requests = _parse(bytes(conn.sent), h11.SERVER)
            responses = _parse(bytes(conn.received), h11.CLIENT, [m.head for m in requests])
            out += list(zip(requests, responses, strict=False))
        return out


def _parse(
    data: bytes,
    role: type[h11.SERVER] | type[h11.CLIENT],
    requests: list[tuple[int | bytes, list[tuple[bytes, bytes]]]] | None = None,
) -> list[Message]:
    """The messages of one direction of a connection. A client-side parser must be told each
    request first (h11 checks a response against its request)."""
    out: list[Message] = []
    conn = h11.Connection(role)
    conn.receive_data(data)
    conn.receive_data(b"")
    pending = list(requests or [])
    if role is h11.CLIENT and pending:
        _tell_request(conn, pending.pop(0))
    head: tuple[int | bytes, list[tuple[bytes, bytes]]] | None = None
    body = bytearray()
    while True:
        try:
            event = conn.next_event()
        except h11.RemoteProtocolError:
            break
        if event in (h11.NEED_DATA, h11.PAUSED) or isinstance(event, h11.ConnectionClosed):
            break
        if isinstance(event, h11.Request):
            head = (event.method + b" " + event.target, list(event.headers))
        elif isinstance(event, h11.Response):
            head = (event.status_code, list(event.headers))
        elif isinstance(event, h11.Data):
            body += event.data
        elif isinstance(event, h11.EndOfMessage):
            assert head is not None
            out.append(Message(head, bytes(body)))
            head, body = None, bytearray()
            if role is h11.SERVER:
                conn.send(h11.Response(status_code=200, headers=[("content-length", "0")]))
                conn.send(h11.EndOfMessage())
            if conn.states != {h11.CLIENT: h11.DONE, h11.SERVER: h11.DONE}:
                break  # the connection closes after this message
            conn.start_next_cycle()
            if role is h11.CLIENT and pending:
                _tell_request(conn, pending.pop(0))
    return out


def _tell_request(
    conn: h11.Connection, head: tuple[int | bytes, list[tuple[bytes, bytes]]]
) -> None:
    target = head[0]
    assert isinstance(target, bytes)
    method, _, path = target.partition(b" ")
    headers = [
        (k, v) for k, v in head[1] if k.lower() not in (b"content-length", b"transfer-encoding")
    ]
    conn.send(
        h11.Request(method=method, target=path, headers=[*headers, (b"content-length", b"0")])
    )
    conn.send(h11.EndOfMessage())


# -- WebSocket (RFC 6455) -----------------------------------------------------------------

TEXT, CLOSE = 0x1, 0x8  # opcodes (RFC 6455 §5.2)


@dataclass(frozen=True)
class Frame:
    """One WebSocket frame as it crossed the wire: FIN, RSV bits, opcode, whether it was
    masked, the payload unmasked (`wire`) and, under permessage-deflate (RFC 7692), what
    that payload inflates to (`payload`; `wire` when the frame is not compressed)."""

    fin: bool
    rsv: int
    opcode: int
    masked: bool
    wire: bytes
    payload: bytes
    raw: bytes  # the frame's bytes, header and (masked) payload

    @property
    def close_code(self) -> int | None:
        if self.opcode != CLOSE or len(self.payload) < 2:
            return None
        return int.from_bytes(self.payload[:2], "big")


@dataclass
class Upgraded:
    """A connection that switched to WebSocket: both handshake heads, then each side's
    frames, and the bytes after the last whole frame (a frame cut off: none expected)."""

    request: Message
    response: Message
    client_frames: list[Frame]
    server_frames: list[Frame]
    client_rest: bytes
    server_rest: bytes


def upgraded(conn: Connection) -> Upgraded | None:
    """`conn` parsed as a WebSocket connection, or None when it did not switch (101)."""
    sent, received = bytes(conn.sent), bytes(conn.received)
    req_end, resp_end = sent.find(b"\r\n\r\n") + 4, received.find(b"\r\n\r\n") + 4
    if req_end < 4 or resp_end < 4 or not received.startswith(b"HTTP/1.1 101"):
        return None
    request = _parse(sent[:req_end], h11.SERVER)[0]
    response = Message((101, _head_fields(received[:resp_end])), b"")
    offer = dict(response.head[1]).get(b"sec-websocket-extensions", b"").lower()
    deflate = b"permessage-deflate" in offer
    client, client_rest = websocket_frames(
        sent[req_end:], deflate, reset=b"client_no_context_takeover" in offer
    )
    server, server_rest = websocket_frames(
        received[resp_end:], deflate, reset=b"server_no_context_takeover" in offer
    )
    return Upgraded(request, response, client, server, client_rest, server_rest)


def _head_fields(head: bytes) -> list[tuple[bytes, bytes]]:
    lines = head.split(b"\r\n")[1:]
    return [
        (k.strip().lower(), v.strip())
        for k, _, v in (line.partition(b":") for line in lines if line)
    ]


def websocket_frames(data: bytes, deflate: bool, reset: bool) -> tuple[list[Frame], bytes]:
    """The frames of one direction after the handshake, and the bytes of a frame cut off.
    `deflate`: permessage-deflate was negotiated (a message's first frame has RSV1 set);
    `reset`: without context takeover (a fresh window for each message)."""
    frames: list[Frame] = []
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    compressed = False  # the message under way is compressed (its first frame's RSV1)
    at = 0
    while at + 2 <= len(data):
        b0, b1 = data[at], data[at + 1]
        length, pos = b1 & 0x7F, at + 2
        if length >= 126:
            size = 2 if length == 126 else 8
            if pos + size > len(data):
                break
            length, pos = int.from_bytes(data[pos : pos + size], "big"), pos + size
        masked = bool(b1 & 0x80)
        key = data[pos : pos + 4] if masked else b""
        pos += 4 if masked else 0
        if pos + length > len(data):
            break
        wire = data[pos : pos + length]
        if masked:
            mask = (key * (length // 4 + 1))[:length]
            wire = (int.from_bytes(wire, "big") ^ int.from_bytes(mask, "big")).to_bytes(
                length, "big"
            )
        fin, rsv, opcode = bool(b0 & 0x80), (b0 >> 4) & 0x7, b0 & 0xF
        if opcode in (0x1, 0x2):  # a message's first frame: RSV1 says it is compressed
            compressed = deflate and bool(rsv & 0x4)
        payload = wire
        if opcode < 0x8 and compressed:  # control frames are never compressed
            payload = inflater.decompress(wire + (b"\x00\x00\xff\xff" if fin else b""))
            if fin and reset:
                inflater = zlib.decompressobj(-zlib.MAX_WBITS)
        frames.append(Frame(fin, rsv, opcode, masked, wire, payload, data[at : pos + length]))
        at = pos + length
    return frames, data[at:]
