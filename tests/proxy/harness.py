"""Run the fake upstream and a real proxy on loopback in a background event loop."""

from __future__ import annotations

import asyncio
import io
import threading
import time
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TypeVar

from fake_upstream import FakeUpstream

from promptlint.proxy.server import ProxyConfig, ProxyServer
from promptlint.store import open_store
from promptlint.store.records import RequestRecord

T = TypeVar("T")
C = TypeVar("C")

OPENAI_KEY = "sk-proj-TESTKEY0123456789abcdefSECRET"
ANTHROPIC_KEY = "sk-ant-api03-TESTKEY0123456789abcdefSECRET"


class Harness:
    def __init__(self, tmp: Path, **config: Any) -> None:
        self.tmp = tmp
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.fake = FakeUpstream()
        self.store_url = config.pop("store_url", f"sqlite:///{tmp / 'recordings.db'}")
        # Tests use the in-process writer (fast to start); those about the writer's process
        # boundary ask for writer="process".
        config.setdefault("writer", "thread")
        config.setdefault("retry_seconds", 0.2)  # replay within a fraction of a second
        self._config = config
        self.proxy: ProxyServer
        self._clients: list[Any] = []

    def track(self, client: C) -> C:
        """Close this SDK client when the harness stops (its sockets must not leak)."""
        self._clients.append(client)
        return client

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def start(self) -> Harness:
        self._thread.start()
        self.run(self.fake.start())
        self._config.setdefault("openai_upstream", self.fake.url)
        self._config.setdefault("anthropic_upstream", self.fake.url)
        config = ProxyConfig(
            host="127.0.0.1",
            port=0,
            store_url=self.store_url,
            state_dir=self.tmp / "state",
            **self._config,
        )
        self.proxy = ProxyServer(config)
        self.run(self.proxy.start())
        return self

    def stop(self) -> None:
        for client in self._clients:
            client.close()
        try:
            self.run(self.proxy.stop())
            self.run(self.fake.stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)
            self.loop.close()

    @property
    def url(self) -> str:
        return self.proxy.url

    def settle(self, timeout: float = 30) -> None:
        """Wait until every request so far has been handed to the writer and recorded."""
        deadline = time.monotonic() + timeout
        while self.proxy.in_flight and time.monotonic() < deadline:
            time.sleep(0.01)
        assert self.proxy.in_flight == 0, "requests still in flight"
        assert self.proxy.writer.flush(timeout), "writer did not settle"

    def records(self, timeout: float = 30) -> list[RequestRecord]:
        self.settle(timeout)
        with open_store(self.store_url) as store:
            return list(store.iter_requests())


class Reply:
    def __init__(self, status: int, headers: list[tuple[str, str]], chunks: list[bytes]) -> None:
        self.status = status
        self.headers = headers
        self.chunks = chunks

    @property
    def body(self) -> bytes:
        return b"".join(self.chunks)

    def header(self, name: str) -> str | None:
        for k, v in self.headers:
            if k.lower() == name.lower():
                return v
        return None


async def raw_request(
    url: str,
    method: str = "POST",
    body: bytes | None = None,
    headers: dict[str, str] | list[tuple[str, str]] | None = None,
) -> Reply:
    """One request with aiohttp, nothing added and nothing decoded: the bytes as sent."""
    import aiohttp

    async with (
        aiohttp.ClientSession(auto_decompress=False) as session,
        session.request(
            method,
            url,
            data=io.BytesIO(body) if body and len(body) > 1024 * 1024 else body,
            headers=headers,
            skip_auto_headers=("Accept", "Accept-Encoding", "User-Agent", "Content-Type"),
        ) as resp,
    ):
        chunks = [c async for c in resp.content.iter_any()]
        hdrs = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in resp.raw_headers]
        return Reply(resp.status, hdrs, chunks)


def child_pids(pid: int) -> list[int]:
    """The live child processes of `pid`, read from /proc (no `ps` needed)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if fields[0] != "Z" and int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def writer_child(pid: int) -> int | None:
    """The proxy's writer process (multiprocessing's resource tracker is a child too)."""
    for child in child_pids(pid):
        try:
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                return child
        except FileNotFoundError:
            continue
    return None


@contextmanager
def canned_upstream(body: bytes) -> Iterator[str]:
    """A plain HTTP/1.1 upstream answering every POST with `body` (JSON, with its length):
    no prefix cache, no parsing, so a large body costs the upstream nothing. Its URL."""

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
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
