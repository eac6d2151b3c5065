"""The tap's WebSocket frame parser on the examples of RFC 6455 §5.7 and RFC 7692 §7.2.3:
what the agents' pass-through test compares must be what crossed the wire."""

from __future__ import annotations

import zlib

from tests.proxy.tap import CLOSE, TEXT, Connection, upgraded, websocket_frames

MASKED_HELLO = bytes.fromhex("818537fa213d7f9f4d5158")  # RFC 6455 §5.7
UNMASKED_HELLO = bytes.fromhex("810548656c6c6f")
FRAGMENTED_HELLO = bytes.fromhex("010348656c80026c6f")
PING_HELLO = bytes.fromhex("890548656c6c6f")
DEFLATED_HELLO = bytes.fromhex("c107f248cdc9c90700")  # RFC 7692 §7.2.3.1


def test_masked_and_unmasked_frames_carry_the_same_payload() -> None:
    (masked,), rest = websocket_frames(MASKED_HELLO, deflate=False, reset=False)
    (plain,), _ = websocket_frames(UNMASKED_HELLO, deflate=False, reset=False)
    assert rest == b""
    assert (masked.fin, masked.opcode, masked.masked, masked.payload) == (
        True,
        TEXT,
        True,
        b"Hello",
    )
    assert (plain.fin, plain.opcode, plain.masked, plain.payload) == (True, TEXT, False, b"Hello")
    assert masked.raw == MASKED_HELLO


def test_fragments_control_frames_and_a_cut_off_frame() -> None:
    frames, rest = websocket_frames(
        FRAGMENTED_HELLO + PING_HELLO + UNMASKED_HELLO[:4], deflate=False, reset=False
    )
    assert [(f.fin, f.opcode, f.payload) for f in frames] == [
        (False, TEXT, b"Hel"),
        (True, 0x0, b"lo"),
        (True, 0x9, b"Hello"),
    ]
    assert rest == UNMASKED_HELLO[:4]


def test_extended_lengths_and_close_codes() -> None:
    body = b"x" * 70_000
    frame = bytes([0x82, 127]) + len(body).to_bytes(8, "big") + body
    close = bytes([0x88, 0x05]) + (4001).to_bytes(2, "big") + b"bye"
    frames, _ = websocket_frames(frame + close, deflate=False, reset=False)
    assert [len(f.payload) for f in frames] == [70_000, 5]
    assert frames[1].opcode == CLOSE and frames[1].close_code == 4001


def test_permessage_deflate_is_inflated_with_context_takeover() -> None:
    (one,), _ = websocket_frames(DEFLATED_HELLO, deflate=True, reset=False)
    assert one.payload == b"Hello" and one.rsv == 0x4
    # Two messages on one deflate stream: the second refers back into the first's window.
    deflater = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    wire = b""
    for text in (b"Hello, Hello", b"Hello again"):
        data = deflater.compress(text) + deflater.flush(zlib.Z_SYNC_FLUSH)
        wire += bytes([0xC1, len(data) - 4]) + data[:-4]  # the 00 00 ff ff tail is dropped
    frames, _ = websocket_frames(wire, deflate=True, reset=False)
    assert [f.payload for f in frames] == [b"Hello, Hello", b"Hello again"]


def test_a_connection_that_switched_protocols() -> None:
    conn = Connection()
    conn.sent += b"GET /v1/responses HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n"
    conn.sent += MASKED_HELLO
    conn.received += b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n"
    conn.received += UNMASKED_HELLO
    up = upgraded(conn)
    assert up is not None
    assert up.request.head[0] == b"GET /v1/responses"
    assert up.response.head == (101, [(b"upgrade", b"websocket")])
    assert [f.payload for f in up.client_frames + up.server_frames] == [b"Hello", b"Hello"]
    refused = Connection(sent=bytearray(conn.sent), received=bytearray(b"HTTP/1.1 401 No\r\n\r\n"))
    assert upgraded(refused) is None
