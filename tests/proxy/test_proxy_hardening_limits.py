"""The proxy under abuse and on real networks, second part of the hardening: short segments
never stored whole, slow and idle clients cut off, bounded metrics, response copies in the
byte budget, private CAs and egress proxies. Each test fails without its fix."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from harness import OPENAI_KEY, Harness, canned_upstream, raw_request

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


def test_connections_over_the_cap_get_a_503_at_once_and_are_counted(tmp_path: Path) -> None:
    h = Harness(tmp_path, max_connections=3).start()
    port = h.proxy.port
    held = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
    try:
        time.sleep(0.2)  # the proxy has taken all three
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"GET /-/health HTTP/1.1\r\nHost: x\r\n\r\n")
            refused = _closed_within(sock, 2.0)
        assert refused is not None and refused.startswith(b"HTTP/1.1 503 "), refused
        assert b"too many open connections (--max-connections)" in refused
        metrics = h.proxy.metrics.render()
        assert "promptlint_proxy_connections_refused_total 1\n" in metrics
        # one closed: room for the next client
        held.pop().close()
        time.sleep(0.2)
        reply = h.run(raw_request(h.url + "/-/health", method="GET"))
        assert reply.status == 200
    finally:
        for sock in held:
            sock.close()
        h.stop()


def test_the_connection_cap_defaults_from_the_open_file_limit() -> None:
    import resource

    from promptlint.proxy.connections import connection_cap

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert connection_cap(None) == max(16, (soft - 64) // 2)
    assert connection_cap(0) == 0 and connection_cap(7) == 7


def test_header_and_idle_timeouts_are_options(tmp_path: Path) -> None:
    out = subprocess.run(
        [str(Path(sys.executable).with_name("promptlint")), "proxy", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "--header-timeout" in out.stdout and "--idle-timeout" in out.stdout
    assert "--max-connections" in out.stdout
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

    with canned_upstream(body) as url:
        yield url, body


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
    from test_proxy_writer import _exchange

    from promptlint.proxy.tee import ResponseTee
    from promptlint.proxy.writer import admit_body

    def tee() -> ResponseTee:
        t = ResponseTee(False, None)
        t.feed(b"r" * 1000)
        return t

    metrics = Metrics()
    ex, t = _exchange(1, body=b"b" * 100), tee()
    assert admit_body(ex, t, 0, 1100, metrics) == 1100 and ex.error is None  # both fit
    ex, t = _exchange(1, body=b"b" * 100), tee()
    assert admit_body(ex, t, 500, 1100, metrics) == 100  # the copy goes, the body stays
    assert t.held_bytes == 0 and ex.request_body and "response copy" in (ex.error or "")
    ex, t = _exchange(1, body=b"b" * 100), tee()
    assert admit_body(ex, t, 1050, 1100, metrics) == 0  # then the body too
    assert not ex.request_body and "body not recorded" in (ex.error or "")
    assert metrics.lost == {"response_over_budget": 2, "body_over_budget": 1}


# -- real networks: a private CA, an egress proxy ------------------------------------------


@pytest.fixture(scope="module")
def private_ca(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A CA made here (openssl), and a certificate it signed for 127.0.0.1 and localhost."""
    if shutil.which("openssl") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("openssl is missing (.ci/run installs it)")
        pytest.skip("openssl is not installed")
    d = tmp_path_factory.mktemp("ca")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=d, check=True, capture_output=True, timeout=60)

    openssl(
        "req",
        "-x509",
        *ec,
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-days",
        "2",
        "-subj",
        "/CN=promptlint test CA",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign,cRLSign",
    )
    (d / "leaf.ext").write_text(
        "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n"
        "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n"
        "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid,issuer\n"
    )
    openssl("req", *ec, "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=127.0.0.1")
    openssl(
        "x509",
        "-req",
        "-in",
        "leaf.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        "leaf.pem",
        "-days",
        "2",
        "-extfile",
        "leaf.ext",
    )
    return {"ca": d / "ca.pem", "cert": d / "leaf.pem", "key": d / "leaf.key"}


def _https_harness(tmp_path: Path, private_ca: dict[str, Path], **config: Any) -> Harness:
    h = Harness(tmp_path, **config)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(private_ca["cert"], private_ca["key"])
    h.fake.ssl_context = context
    return h.start()


def _chat_through(h: Harness, url: str | None = None) -> int:
    reply = h.run(
        raw_request((url or h.url) + "/v1/chat/completions", body=_chat("hello"), headers=AUTH)
    )
    return reply.status


def test_https_upstream_with_a_private_ca_needs_the_ca_bundle(
    tmp_path: Path, private_ca: dict[str, Path]
) -> None:
    plain = _https_harness(tmp_path / "plain", private_ca)
    try:
        assert plain.fake.url.startswith("https://127.0.0.1:")
        assert _chat_through(plain) == 502  # the system's CAs do not know this one
        (rec,) = plain.records()
        assert rec.error and "certificate verify failed" in rec.error
    finally:
        plain.stop()
    trusted = _https_harness(tmp_path / "ca", private_ca, ca_bundle=private_ca["ca"])
    try:
        assert _chat_through(trusted) == 200
        (rec,) = trusted.records()
        assert rec.error is None and rec.uncached_input_tokens + rec.cache_read_tokens > 0
    finally:
        trusted.stop()


def _status_via_cli(h: Harness, tmp_path: Path, *args: str) -> int:
    from test_proxy_hardening import _start_proxy

    proc, url = _start_proxy(tmp_path, h.fake.url, *args)
    try:
        return _chat_through(h, url)
    finally:
        proc.terminate()
        proc.communicate(timeout=60)


def test_ssl_cert_file_and_ca_bundle_on_the_command_line(
    tmp_path: Path, private_ca: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = _https_harness(tmp_path, private_ca)
    try:
        assert _status_via_cli(h, tmp_path / "none") == 502
        ca = str(private_ca["ca"])
        assert _status_via_cli(h, tmp_path / "flag", "--ca-bundle", ca) == 200
        monkeypatch.setenv("SSL_CERT_FILE", ca)  # the proxy process inherits it
        assert _status_via_cli(h, tmp_path / "env") == 200
    finally:
        h.stop()
    bad = subprocess.run(
        [
            str(Path(sys.executable).with_name("promptlint")),
            "proxy",
            "--ca-bundle",
            str(private_ca["key"].with_name("leaf.ext")),
            "--state-dir",
            str(tmp_path / "bad"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "--ca-bundle" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1


class ConnectProxy:
    """An egress proxy on loopback that opens CONNECT tunnels and counts them."""

    def __init__(self) -> None:
        self.tunnels: list[str] = []
        self.heads: list[bytes] = []
        self._sock = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._sock.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            threading.Thread(target=self._tunnel, args=(conn,), daemon=True).start()

    def _tunnel(self, conn: socket.socket) -> None:
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = conn.recv(4096)
            if not chunk:
                conn.close()
                return
            head += chunk
        method, target, _ = head.split(b"\r\n", 1)[0].decode().split(" ")
        if method != "CONNECT":
            conn.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
            conn.close()
            return
        self.tunnels.append(target)
        self.heads.append(head)
        host, port = target.rsplit(":", 1)
        upstream = socket.create_connection((host, int(port)))
        conn.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")

        def pipe(src: socket.socket, dst: socket.socket) -> None:
            with contextlib.suppress(OSError):
                while data := src.recv(65536):
                    dst.sendall(data)
            with contextlib.suppress(OSError):
                dst.shutdown(socket.SHUT_WR)

        back = threading.Thread(target=pipe, args=(upstream, conn), daemon=True)
        back.start()
        pipe(conn, upstream)
        back.join(30)
        upstream.close()
        conn.close()

    def close(self) -> None:
        self._sock.close()


@pytest.mark.parametrize("no_proxy", [None, "localhost,127.0.0.1", ".0.0.1", "*"])
def test_https_proxy_carries_egress_unless_no_proxy_names_the_host(
    tmp_path: Path,
    private_ca: dict[str, Path],
    monkeypatch: pytest.MonkeyPatch,
    no_proxy: str | None,
) -> None:
    egress = ConnectProxy()
    for name in ("https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTPS_PROXY", egress.url)
    if no_proxy is not None:
        monkeypatch.setenv("NO_PROXY", no_proxy)
    h = _https_harness(tmp_path, private_ca, ca_bundle=private_ca["ca"])
    try:
        for _ in range(3):
            assert _chat_through(h) == 200
        assert len(h.records()) == 3
        port = h.fake.port
    finally:
        h.stop()
        egress.close()
    if no_proxy is None or no_proxy == ".0.0.1":  # a name suffix, not an address range
        assert egress.tunnels == [f"127.0.0.1:{port}"]  # one tunnel, kept alive for all three
    else:
        assert egress.tunnels == []


@pytest.mark.parametrize(
    ("url", "no_proxy", "via"),
    [
        ("https://api.openai.com/v1", "", "http://proxy.corp:3128"),
        ("https://api.openai.com/v1", "openai.com", None),
        ("https://api.openai.com/v1", ".openai.com", None),
        ("https://notopenai.com/v1", "openai.com", "http://proxy.corp:3128"),
        ("https://10.1.2.3:8000", "localhost,10.0.0.0/8", None),
        ("https://127.0.0.1:8000", ".0.0.1", "http://proxy.corp:3128"),  # names, not addresses
        ("https://vllm:8443", "vllm:8000", "http://proxy.corp:3128"),
        ("https://vllm:8443", "vllm:8443", None),
        ("https://anything", "*", None),
        ("http://vllm:8000", "", None),  # no http_proxy set: http upstreams go direct
    ],
)
def test_egress_proxy_choice(url: str, no_proxy: str, via: str | None) -> None:
    from yarl import URL

    from promptlint.proxy.upstream import EgressProxies

    proxies = EgressProxies({"https": "proxy.corp:3128", "no": no_proxy})
    proxy, headers = proxies.for_url(URL(url))
    assert (str(proxy) if proxy else None) == via and headers is None


def test_egress_proxy_credentials_go_to_the_proxy_only() -> None:
    from yarl import URL

    from promptlint.proxy.upstream import EgressProxies

    proxies = EgressProxies({"https": "http://alice:s3cret@proxy.corp:3128"})
    proxy, headers = proxies.for_url(URL("https://api.anthropic.com/v1/messages"))
    assert str(proxy) == "http://proxy.corp:3128"
    assert headers == {"Proxy-Authorization": "Basic " + base64.b64encode(b"alice:s3cret").decode()}


def test_egress_proxy_credentials_reach_the_proxy_not_the_upstream(
    tmp_path: Path, private_ca: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    egress = ConnectProxy()
    for name in ("https_proxy", "no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTPS_PROXY", egress.url.replace("://", "://alice:s3cret@"))
    h = _https_harness(tmp_path, private_ca, ca_bundle=private_ca["ca"])
    try:
        assert _chat_through(h) == 200
        sent = h.fake.received[-1].headers
    finally:
        h.stop()
        egress.close()
    (head,) = egress.heads
    assert b"Proxy-Authorization: Basic " + base64.b64encode(b"alice:s3cret") in head
    assert not [v for k, v in sent if k.lower().startswith("proxy-") or "s3cret" in v]
    assert "s3cret" not in h.proxy.metrics.render()
