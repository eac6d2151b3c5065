"""Faults: upstream errors, resets, slowness, clients leaving, bad bodies, a failing store, load."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import aiohttp
import openai
import pytest
from harness import ANTHROPIC_KEY, OPENAI_KEY, Harness, raw_request

from promptlint.store import open_store

CHAT = "/v1/chat/completions"


def _chat(content: str = "hi", stream: bool = False) -> bytes:
    body: dict[str, object] = {
        "model": "gpt-4o",
        "messages": [{"role": "user", "content": content}],
    }
    if stream:
        body |= {"stream": True, "stream_options": {"include_usage": True}}
    return json.dumps(body).encode()


@pytest.mark.parametrize(
    ("path", "status", "auth"),
    [
        (CHAT, 400, {"Authorization": f"Bearer {OPENAI_KEY}"}),
        (CHAT, 429, {"Authorization": f"Bearer {OPENAI_KEY}"}),
        (CHAT, 500, {"Authorization": f"Bearer {OPENAI_KEY}"}),
        (CHAT, 503, {"Authorization": f"Bearer {OPENAI_KEY}"}),
        ("/v1/messages", 529, {"x-api-key": ANTHROPIC_KEY}),
    ],
)
def test_upstream_errors_pass_verbatim(
    harness: Harness, path: str, status: int, auth: dict[str, str]
) -> None:
    headers = {**auth, "x-fake-status": str(status)}
    via = asyncio.run(raw_request(harness.url + path, body=_chat(), headers=headers))
    rid = via.header("x-request-id") or via.header("request-id") or ""
    sent = harness.fake.sent[rid]
    assert via.status == sent.status == status
    assert via.body == sent.body
    if status == 429:
        assert via.header("Retry-After") == "0"
    (record,) = harness.records()
    assert (record.status == status and record.error is None) or "price" in (record.error or "")


def test_missing_credential_401_passes_and_is_anonymous(harness: Harness) -> None:
    via = asyncio.run(raw_request(harness.url + CHAT, body=_chat()))
    assert via.status == 401
    assert b"didn't provide an API key" in harness.fake.sent[via.header("x-request-id") or ""].body
    (record,) = harness.records()
    assert record.status == 401 and record.key_hash == "anonymous"
    client = harness.track(
        openai.OpenAI(
            base_url=harness.url + "/v1",
            api_key=OPENAI_KEY,
            max_retries=0,
            default_headers={"x-fake-status": "401"},
        )
    )
    with pytest.raises(openai.AuthenticationError):
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "x"}])


def test_rate_limit_error_reaches_the_sdk(harness: Harness) -> None:
    client = harness.track(
        openai.OpenAI(
            base_url=harness.url + "/v1",
            api_key=OPENAI_KEY,
            max_retries=0,
            default_headers={"x-fake-status": "429"},
        )
    )
    with pytest.raises(openai.RateLimitError) as info:
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "x"}])
    assert info.value.code == "rate_limit_exceeded"


def test_upstream_reset_mid_stream(harness: Harness) -> None:
    async def run() -> tuple[bytes, BaseException | None]:
        got = b""
        async with (
            aiohttp.ClientSession() as s,
            s.post(
                harness.url + CHAT,
                data=_chat(stream=True),
                headers={"Authorization": f"Bearer {OPENAI_KEY}", "x-fake-reset-after": "3"},
            ) as resp,
        ):
            try:
                async for chunk in resp.content.iter_any():
                    got += chunk
            except aiohttp.ClientPayloadError as exc:
                return got, exc
        return got, None

    got, exc = asyncio.run(run())
    # The client sees a broken response, not a clean end: it must not think it got everything.
    assert exc is not None
    assert got.count(b"data: ") == 3 and b"[DONE]" not in got
    # The SDK sees it too.
    client = harness.track(
        openai.OpenAI(
            base_url=harness.url + "/v1",
            api_key=OPENAI_KEY,
            max_retries=0,
            default_headers={"x-fake-reset-after": "2"},
        )
    )
    with pytest.raises(openai.APIConnectionError):
        list(
            client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": "x"}], stream=True
            )
        )
    records = harness.records()
    assert len(records) == 2
    assert all(r.error and "upstream reset mid-response" in r.error for r in records)
    assert all(r.streamed and r.status == 200 for r in records)
    # The proxy is still fine.
    ok = asyncio.run(
        raw_request(
            harness.url + CHAT, body=_chat(), headers={"Authorization": f"Bearer {OPENAI_KEY}"}
        )
    )
    assert ok.status == 200


def test_upstream_unreachable_is_a_502_from_the_proxy(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{s.getsockname()[1]}"  # closed again when the block ends
    h = Harness(tmp_path, openai_upstream=dead).start()
    try:
        via = asyncio.run(
            raw_request(
                h.url + CHAT, body=_chat(), headers={"Authorization": f"Bearer {OPENAI_KEY}"}
            )
        )
        assert via.status == 502 and via.header("X-Promptlint-Error") == "upstream"
        assert json.loads(via.body)["error"]["type"] == "proxy_error"
        (record,) = h.records()
        assert record.status == 502 and "upstream unreachable" in (record.error or "")
        assert (
            'promptlint_proxy_upstream_errors_total{kind="unreachable"} 1'
            in h.proxy.metrics.render()
        )
    finally:
        h.stop()


def test_slow_upstream_is_waited_for(harness: Harness) -> None:
    t0 = time.monotonic()
    via = asyncio.run(
        raw_request(
            harness.url + CHAT,
            body=_chat(stream=True),
            headers={
                "Authorization": f"Bearer {OPENAI_KEY}",
                "x-fake-delay-headers": "0.6",
                "x-fake-chunk-delay": "0.1",
                "x-fake-chunks": "3",
            },
        )
    )
    assert time.monotonic() - t0 >= 0.8
    assert via.status == 200 and via.body.endswith(b"data: [DONE]\n\n")
    (record,) = harness.records()
    assert record.error is None or "price" in record.error
    assert record.latency_ms >= 800 and record.output_tokens > 0


def test_client_gone_mid_stream(harness: Harness) -> None:
    async def run() -> bytes:
        async with aiohttp.ClientSession() as s:
            resp = await s.post(
                harness.url + CHAT,
                data=_chat(stream=True),
                headers={
                    "Authorization": f"Bearer {OPENAI_KEY}",
                    "x-fake-gate": "gone",
                    "x-fake-chunks": "200",
                },
            )
            first = await asyncio.wait_for(resp.content.readuntil(b"\n\n"), 5)
            resp.close()  # hang up with the stream half-way
            return first

    assert asyncio.run(run()).startswith(b"data: ")
    # Recorded while the upstream is still holding its next chunk: the proxy noticed the
    # hang-up itself and closed the upstream connection.
    (record,) = harness.records()
    assert record.error is not None and "client disconnected" in record.error
    assert record.status == 200 and record.streamed
    harness.fake.open_gate("gone")
    deadline = time.monotonic() + 5
    while harness.fake.disconnects < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert harness.fake.disconnects == 1  # the upstream saw the hang-up: generation stops
    health = json.loads(asyncio.run(raw_request(harness.url + "/-/health", method="GET")).body)
    assert health["in_flight"] == 0
    ok = asyncio.run(
        raw_request(
            harness.url + CHAT, body=_chat(), headers={"Authorization": f"Bearer {OPENAI_KEY}"}
        )
    )
    assert ok.status == 200


def test_client_gone_before_the_response(harness: Harness) -> None:
    async def run() -> None:
        async with aiohttp.ClientSession() as s:
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(
                    s.post(
                        harness.url + CHAT,
                        data=_chat(),
                        headers={
                            "Authorization": f"Bearer {OPENAI_KEY}",
                            "x-fake-delay-headers": "2",
                        },
                    ),
                    0.3,
                )

    asyncio.run(run())
    (record,) = harness.records()
    assert record.status == 499 and record.error == "client disconnected before the response"


@pytest.mark.parametrize(
    "body",
    [
        b'{"model": "gpt-4o", "messages": [',  # truncated JSON
        b'{"model":"gpt-4o","messages":[{"role":"user","content":"\xff\xfe"}]}',  # not UTF-8
        b"",  # empty
        b"[1, 2, 3]",  # JSON, but not an object
    ],
    ids=["malformed", "non-utf8", "empty", "not-an-object"],
)
def test_bad_bodies_are_forwarded_and_recorded_unparsed(harness: Harness, body: bytes) -> None:
    via = asyncio.run(
        raw_request(
            harness.url + CHAT,
            body=body,
            headers={"Authorization": f"Bearer {OPENAI_KEY}", "Content-Type": "application/json"},
        )
    )
    assert via.status == 400  # the upstream's own answer
    assert harness.fake.received[-1].body == body
    (record,) = harness.records()
    assert record.parsed is False and record.status == 400


def test_huge_body_is_forwarded_intact(harness: Harness) -> None:
    blob = "A" * (20 * 1024 * 1024)
    body = json.dumps(
        {
            "model": "gpt-4o",
            "messages": [
                {
                    "role": "user",
                    "content": [
                        {"type": "image_url", "image_url": {"url": "data:image/png;base64," + blob}}
                    ],
                }
            ],
        }
    ).encode()
    assert len(body) > 20 * 1024 * 1024
    via = asyncio.run(
        raw_request(
            harness.url + CHAT, body=body, headers={"Authorization": f"Bearer {OPENAI_KEY}"}
        )
    )
    assert via.status == 200
    assert harness.fake.received[-1].body == body
    (record,) = harness.records()
    assert record.status == 200 and record.output_tokens > 0
    assert record.body is None or len(record.body) < 1024 * 1024  # redacted: not the whole prompt


def test_body_over_the_limit_is_refused_and_counted(tmp_path: Path) -> None:
    h = Harness(tmp_path, max_body_bytes=1000).start()
    try:
        via = asyncio.run(
            raw_request(h.url + CHAT, body=_chat("x" * 2000), headers={"Authorization": "Bearer k"})
        )
        assert via.status == 413 and via.header("X-Promptlint-Error") == "request-size"
        assert h.fake.request_count == 0
        assert 'requests_total{api="other",status="413"} 1' in h.proxy.metrics.render()
    finally:
        h.stop()


def _blocked_store(tmp: Path) -> tuple[str, Path]:
    blocker = tmp / "blocker"
    blocker.write_text("a file where the store's directory should be")
    return f"sqlite:///{blocker / 'recordings.db'}", blocker


@pytest.mark.parametrize("writer", ["thread", "process"])
def test_store_unavailable_spills_and_replays(tmp_path: Path, writer: str) -> None:
    url, blocker = _blocked_store(tmp_path)
    h = Harness(tmp_path, store_url=url, writer=writer).start()
    try:
        client = h.track(openai.OpenAI(base_url=h.url + "/v1", api_key=OPENAI_KEY, max_retries=0))
        for i in range(4):
            r = client.chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": f"q{i}"}]
            )
            assert r.choices[0].message.content  # requests succeed while the store is down
        list(
            client.chat.completions.create(
                model="gpt-4o",
                messages=[{"role": "user", "content": "s"}],
                stream=True,
                stream_options={"include_usage": True},
            )
        )
        h.settle()
        spill = tmp_path / "state" / "proxy-spill.jsonl"
        assert len(spill.read_text().splitlines()) == 5
        assert spill.stat().st_mode & 0o777 == 0o600
        health = json.loads(asyncio.run(raw_request(h.url + "/-/health", method="GET")).body)
        assert health["store"] == "failing" and health["spill_pending"] == 5
        assert health["status"] == "degraded"
        assert health["records_lost"] == 0
        # The store comes back: the spill file is replayed without a restart.
        blocker.unlink()
        blocker.mkdir()
        deadline = time.monotonic() + 15
        while h.proxy.writer.spill_pending and time.monotonic() < deadline:
            time.sleep(0.05)
        assert h.proxy.writer.spill_pending == 0
        assert spill.read_text() == ""
        records = h.records()
        assert len(records) == 5 and sum(r.streamed for r in records) == 1
        assert all(r.output_tokens > 0 for r in records)
        metrics = asyncio.run(raw_request(h.url + "/-/metrics", method="GET")).body.decode()
        assert 'promptlint_proxy_records_total{outcome="spilled"} 5' in metrics
        assert 'promptlint_proxy_records_total{outcome="replayed"} 5' in metrics
        assert "promptlint_proxy_records_lost_total{" not in metrics
    finally:
        h.stop()


def test_spill_is_replayed_on_next_start(tmp_path: Path) -> None:
    url, blocker = _blocked_store(tmp_path)
    h = Harness(tmp_path, store_url=url).start()
    try:
        for i in range(3):
            asyncio.run(
                raw_request(
                    h.url + CHAT,
                    body=_chat(f"x{i}"),
                    headers={"Authorization": f"Bearer {OPENAI_KEY}"},
                )
            )
        h.settle()
    finally:
        h.stop()
    assert h.proxy.writer.spill_pending == 3
    blocker.unlink()
    blocker.mkdir()
    h2 = Harness(tmp_path, store_url=url, writer="process").start()
    try:
        deadline = time.monotonic() + 15
        while len(h2.records()) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)  # the writer process replays as soon as it has opened the store
        assert len(h2.records()) == 3
        while h2.proxy.writer.spill_pending and time.monotonic() < deadline:
            time.sleep(0.05)  # the status report follows the write by a few ms
        assert h2.proxy.writer.spill_pending == 0
    finally:
        h2.stop()
    with open_store(url) as store:
        assert len(list(store.iter_requests())) == 3


def test_500_concurrent_streams_lose_no_record(tmp_path: Path) -> None:
    harness = Harness(tmp_path, writer="process").start()  # the default writer
    try:
        _concurrent_streams(harness, 500)
    finally:
        harness.stop()


def _concurrent_streams(harness: Harness, n: int) -> None:

    async def one(session: aiohttp.ClientSession, i: int) -> bytes:
        async with session.post(
            harness.url + CHAT,
            data=_chat(f"stream {i}", stream=True),
            headers={"Authorization": f"Bearer sk-user-{i % 7}", "x-fake-chunks": "5"},
        ) as resp:
            assert resp.status == 200
            return await resp.read()

    async def run() -> list[bytes]:
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            return await asyncio.gather(*(one(session, i) for i in range(n)))

    bodies = asyncio.run(run())
    assert all(b.endswith(b"data: [DONE]\n\n") for b in bodies)
    records = harness.records(timeout=60)
    assert len(records) == n and len({r.id for r in records}) == n
    assert all(r.streamed and r.output_tokens > 0 and r.uncached_input_tokens > 0 for r in records)
    assert len({r.key_hash for r in records}) == 7
    assert harness.proxy.metrics.total_lost() == 0
    assert harness.proxy.metrics.total_requests() == n


def test_writer_process_killed_is_restarted_and_losses_counted(tmp_path: Path) -> None:
    import os
    import signal

    h = Harness(tmp_path, writer="process").start()
    try:
        headers = {"Authorization": f"Bearer {OPENAI_KEY}"}
        for i in range(3):
            asyncio.run(raw_request(h.url + CHAT, body=_chat(f"a{i}"), headers=headers))
        h.settle()
        writer = h.proxy.writer
        first = writer._proc.pid
        os.kill(first, signal.SIGKILL)  # the child this test's proxy started
        deadline = time.monotonic() + 30
        while (writer._proc.pid == first or not writer.store_ok) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert writer._proc.pid != first and writer.restarts == 1
        for i in range(4):
            asyncio.run(raw_request(h.url + CHAT, body=_chat(f"b{i}"), headers=headers))
        records = h.records()
        assert len(records) == 7  # 3 before, 4 after; nothing was in flight when it died
        assert h.proxy.metrics.total_lost() == 0
        assert 'promptlint_proxy_records_total{outcome="written"} 7' in h.proxy.metrics.render()
        # Killed again with records on their way: the next child gets each one.
        os.kill(writer._proc.pid, signal.SIGKILL)
        for i in range(5):
            asyncio.run(raw_request(h.url + CHAT, body=_chat(f"c{i}"), headers=headers))
        assert len(h.records()) == 12 and writer.restarts == 2
        assert h.proxy.metrics.total_lost() == 0
    finally:
        h.stop()


def test_close_during_a_writer_restart_waits_for_the_new_child(tmp_path: Path) -> None:
    # The restart swaps in a new child and starts it a moment later; a stop that lands in
    # between must neither join an unstarted process nor miss the new child's queue.
    import os
    import signal
    import threading

    h = Harness(tmp_path, writer="process").start()
    try:
        writer = h.proxy.writer
        errors: list[BaseException] = []
        closers: list[threading.Thread] = []
        fold = writer.metrics.fold_remote

        def close_now() -> None:
            try:
                writer.close(10.0)
            except BaseException as exc:  # recorded for the assertion below
                errors.append(exc)

        def fold_then_race() -> None:  # runs in the restart, after the new child is created
            fold()
            closer = threading.Thread(target=close_now, daemon=True)
            closer.start()
            closers.append(closer)
            time.sleep(0.3)  # the close runs now, before this restart starts the child

        writer.metrics.fold_remote = fold_then_race  # type: ignore[method-assign]
        first = writer._proc.pid
        os.kill(first, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while not closers and time.monotonic() < deadline:
            time.sleep(0.05)
        closers[0].join(30)
        assert not closers[0].is_alive()
        assert errors == []
        assert writer._proc.pid != first
        assert not writer._proc.is_alive()  # the new child got the stop sentinel and exited
        assert writer._proc.exitcode == 0
    finally:
        h.stop()
