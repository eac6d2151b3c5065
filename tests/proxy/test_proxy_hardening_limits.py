"""The proxy under abuse and on real networks, second part of the hardening: short segments
never stored whole, slow and idle clients cut off, bounded metrics, response copies in the
byte budget, private CAs and egress proxies. Each test fails without its fix."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from harness import OPENAI_KEY, Harness, raw_request

from promptlint.proxy.metrics import MAX_MODEL_LABELS, OTHER_MODEL, Metrics

AUTH = {"Authorization": f"Bearer {OPENAI_KEY}", "Content-Type": "application/json"}


def _chat(system: str, model: str = "gpt-4o") -> bytes:
    messages = [{"role": "system", "content": system}, {"role": "user", "content": "hi"}]
    return json.dumps({"model": model, "messages": messages}).encode()


def test_redacted_snippets_never_hold_a_whole_short_segment(harness: Harness) -> None:
    systems = [
        "Current time: 2026-11-29 10:00:01. You are a helpful assistant",
        "Current time: 2026-11-29 10:00:09. You are a helpful assistant",
    ]
    assert len(systems[0]) == 62
    for system in systems:
        reply = harness.run(
            raw_request(harness.url + "/v1/chat/completions", body=_chat(system), headers=AUTH)
        )
        assert reply.status == 200
    records = harness.records()
    breaks = [b for r in records for b in r.breaks if b.before or b.after]
    assert breaks, [r.breaks for r in records]
    for b in breaks:
        for text, whole in ((b.before, systems[0]), (b.after, systems[1])):
            assert text
            shown = text.strip("…")
            assert shown in whole and len(shown) <= len(whole) // 2, text
    # the changed character is in view
    assert any("01" in (b.before or "") and "09" in (b.after or "") for b in breaks)
    for r in records:
        assert systems[0] not in (r.body or "") and systems[1] not in (r.body or "")


def _token_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("promptlint_proxy_tokens_total{")]


def _total(lines: list[str]) -> int:
    return sum(int(line.rsplit(" ", 1)[1]) for line in lines)


def test_client_chosen_model_names_cannot_grow_the_metrics_without_bound() -> None:
    metrics = Metrics()
    for i in range(5000):
        metrics.count_tokens("openai", f"gpt-attack-{i}", 10, 2, 0, 1)
    metrics.count_tokens("openai", "gpt-attack-0", 10, 2, 0, 1)  # a known model keeps its label
    text = metrics.render()
    lines = _token_lines(text)
    models = {line.split('model="', 1)[1].split('"', 1)[0] for line in lines}
    assert len(models) <= MAX_MODEL_LABELS + 1 and OTHER_MODEL in models
    assert len(text) < 64 * 1024
    assert _total(lines) == 5001 * 13  # folded, not dropped
    assert 'model="gpt-attack-0",kind="prompt"} 20' in text


def test_model_labels_stay_bounded_across_writer_processes() -> None:
    # the proxy's view merges a writer child's counters with its dead predecessors'
    proxy_side = Metrics()
    for generation in range(3):
        child = Metrics()
        for i in range(MAX_MODEL_LABELS):
            child.count_tokens("anthropic", f"m-{generation}-{i}", 1, 0, 0, 0)
        proxy_side.set_remote(child.writer_snapshot())
        proxy_side.fold_remote()  # the child died; a new one starts at zero
    lines = _token_lines(proxy_side.render())
    models = {line.split('model="', 1)[1].split('"', 1)[0] for line in lines}
    assert len(models) <= MAX_MODEL_LABELS + 1
    assert _total(lines) == 3 * MAX_MODEL_LABELS


def _closed_within(sock: socket.socket, seconds: float) -> bytes | None:
    """What the server sent before closing, or None if it kept the connection that long."""
    sock.settimeout(0.05)
    got = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except ConnectionResetError:
            return got
        if not chunk:
            return got
        got += chunk
    return None


@pytest.fixture
def strict_harness(tmp_path: Path) -> Iterator[Harness]:
    h = Harness(tmp_path, header_timeout=0.5, idle_timeout=1.0).start()
    try:
        yield h
    finally:
        h.stop()


def test_a_slowloris_head_gets_a_408_and_its_connection_closed(strict_harness: Harness) -> None:
    head = b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 40
    with socket.create_connection(("127.0.0.1", strict_harness.proxy.port)) as sock:
        started = time.monotonic()
        closed = None
        for byte in head:  # one byte every 50 ms: the head would take 3 s
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break
            closed = _closed_within(sock, 0.05)
            if closed is not None:
                break
        assert closed is not None, "the proxy kept a slow head's connection open"
        assert closed.startswith(b"HTTP/1.1 408 ")
        assert time.monotonic() - started < 2.5


def test_idle_connections_are_closed(strict_harness: Harness) -> None:
    port = strict_harness.proxy.port
    # before any request, and after one on a keep-alive connection
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(50)]
    used = socket.create_connection(("127.0.0.1", port))
    try:
        used.sendall(b"GET /-/health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b"200 OK" in used.recv(4096)
        assert _closed_within(used, 4.0) is not None
        for sock in idle:
            assert _closed_within(sock, 1.0) is not None
    finally:
        for sock in [*idle, used]:
            sock.close()


def test_slow_request_bodies_and_long_responses_are_not_timed_out(
    strict_harness: Harness,
) -> None:
    body = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "x" * 200}]})
    head = (
        "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        f"Authorization: Bearer {OPENAI_KEY}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", strict_harness.proxy.port)) as sock:
        sock.sendall(head.encode())
        for i in range(0, len(body), len(body) // 8):  # the body over 1.6 s: past both timeouts
            time.sleep(0.2)
            sock.sendall(body[i : i + len(body) // 8].encode())
        reply = _closed_within(sock, 10.0)
    assert reply is not None and reply.startswith(b"HTTP/1.1 200 "), reply


def test_header_and_idle_timeouts_are_options(tmp_path: Path) -> None:
    out = subprocess.run(
        [str(Path(sys.executable).with_name("promptlint")), "proxy", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "--header-timeout" in out.stdout and "--idle-timeout" in out.stdout
    bad = subprocess.run(
        [str(Path(sys.executable).with_name("promptlint")), "proxy", "--idle-timeout", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2


MIB = 1024 * 1024
BIG_USAGE = {"prompt_tokens": 2000, "completion_tokens": 7, "total_tokens": 2007}


@contextmanager
def _big_upstream() -> Iterator[tuple[str, bytes]]:
    """An OpenAI-style upstream whose non-streamed answers are 12 MiB each."""
    body = json.dumps(
        {
            "id": "chatcmpl-big",
            "object": "chat.completion",
            "model": "gpt-4o-2024-08-06",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": "x" * 12 * MIB}}],
            "usage": BIG_USAGE,
        }
    ).encode()

    class Answer(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", body
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("writer", ["thread", "process"])
def test_response_copies_count_against_the_writer_byte_budget(tmp_path: Path, writer: str) -> None:
    import sqlite3

    with _big_upstream() as (url, body):
        h = Harness(
            tmp_path,
            writer=writer,
            openai_upstream=url,
            write_timeout=20.0,
            max_queued_bytes=40 * MIB,
        ).start()
        try:
            chat = _chat("a fixed prompt")
            first = h.run(raw_request(h.url + "/v1/chat/completions", body=chat, headers=AUTH))
            assert first.body == body
            h.settle()
            # the store hangs: the writer holds what it took until its write times out
            lock = sqlite3.connect(tmp_path / "recordings.db", isolation_level=None, timeout=0.1)
            lock.execute("BEGIN EXCLUSIVE")
            for _ in range(6):
                reply = h.run(raw_request(h.url + "/v1/chat/completions", body=chat, headers=AUTH))
                assert reply.status == 200 and reply.body == body  # the client always gets it all
            lock.rollback()
            lock.close()
            deadline = time.monotonic() + 30
            while h.proxy.writer.spill_pending and time.monotonic() < deadline:
                time.sleep(0.05)
            records = h.records()
            metrics = h.proxy.metrics.render()
            lost = h.proxy.metrics.total_lost()
        finally:
            h.stop()
    assert len(records) == 7  # never the record
    kept = [r for r in records if r.uncached_input_tokens + r.cache_read_tokens == 2000]
    dropped = [r for r in records if r not in kept]
    # 40 MiB hold three 12 MiB copies: the frozen write holds one, two more wait behind it
    assert (len(kept), len(dropped)) == (4, 3)
    for r in dropped:
        assert r.error and "usage not recorded: response copy over" in r.error
        assert r.output_tokens == 0
    assert lost == 3
    assert 'records_lost_total{reason="response_over_budget"} 3' in metrics


def test_over_budget_the_response_copy_goes_before_the_request_body() -> None:
    from promptlint.diagnosis.exchange import Exchange
    from promptlint.proxy.tee import ResponseTee
    from promptlint.proxy.writer import admit_body

    def exchange() -> Exchange:
        return Exchange(
            request_id="r",
            ts=datetime.now(timezone.utc),
            api="openai-chat",
            path="/v1/chat/completions",
            request_body=b"b" * 100,
            request_headers={},
            key_hash="k",
            status=200,
            streamed=False,
            latency_ms=1.0,
            usage_raw=None,
            response_model=None,
        )

    def tee() -> ResponseTee:
        t = ResponseTee(False, None)
        t.feed(b"r" * 1000)
        return t

    metrics = Metrics()
    ex, t = exchange(), tee()
    assert admit_body(ex, t, 0, 1100, metrics) == 1100 and ex.error is None  # both fit
    ex, t = exchange(), tee()
    assert admit_body(ex, t, 500, 1100, metrics) == 100  # the copy goes, the body stays
    assert t.held_bytes == 0 and ex.request_body and "response copy" in (ex.error or "")
    ex, t = exchange(), tee()
    assert admit_body(ex, t, 1050, 1100, metrics) == 0  # then the body too
    assert not ex.request_body and "body not recorded" in (ex.error or "")
    assert metrics.lost == {"response_over_budget": 2, "body_over_budget": 1}
