"""The forwarding code (read -> open -> pump -> record) against an in-process upstream.

A real proxy listens on loopback; behind it the `Upstream` seam is a `MockUpstream`, so
every path — clean end, upstream unreachable, reset mid-body, client gone — is scripted
exactly and checked on both sides: what the client got and what reached the writer.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from harness import OPENAI_KEY, raw_request
from mock_upstream import MockResponse, MockUpstream

from promptlint.diagnosis.exchange import Exchange
from promptlint.proxy.metrics import Metrics
from promptlint.proxy.outcome import Outcome
from promptlint.proxy.server import ProxyConfig, ProxyServer
from promptlint.proxy.tee import ResponseTee, extract
from promptlint.proxy.upstream import UpstreamRequest, UpstreamUnreachable

CHAT = "/v1/chat/completions"
AUTH = {"Authorization": f"Bearer {OPENAI_KEY}"}
BODY = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}).encode()
USAGE = {
    "prompt_tokens": 2000,
    "completion_tokens": 3,
    "prompt_tokens_details": {"cached_tokens": 1920},
}
SSE = [("Content-Type", "text/event-stream")]


@dataclass
class Submitted:
    ex: Exchange
    provider: str
    tee: ResponseTee | None
    encoding: str | None


class CapturingWriter:
    """A `Writer` that keeps what it is given: the record step, seen from the writer's side."""

    in_process = False

    def __init__(self) -> None:
        self.metrics = Metrics()
        self.submitted: list[Submitted] = []
        self.started = self.closed = False

    def start(self) -> None:
        self.started = True

    def submit(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None:
        self.submitted.append(Submitted(ex, provider, tee, content_encoding))

    async def hand_off(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None:
        self.submit(ex, provider, tee, content_encoding)

    def flush(self, timeout: float = 30.0) -> bool:
        return True

    def close(self, timeout: float = 30.0) -> None:
        self.closed = True

    depth = 0
    store_ok = True
    store_error = None
    spill_pending = 0

    async def one(self, timeout: float = 5.0) -> Submitted:
        """The only submission, once it has arrived (a cancelled handler records late)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not self.submitted and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.005)
        (only,) = self.submitted
        return only


@dataclass
class Proxy:
    server: ProxyServer
    upstream: MockUpstream
    writer: CapturingWriter

    @property
    def url(self) -> str:
        return self.server.url

    def upstream_errors(self) -> dict[str, int]:
        return dict(self.writer.metrics.upstream_errors)


MakeProxy = Callable[[MockUpstream], Awaitable[Proxy]]


@pytest.fixture
async def make_proxy(tmp_path: Path) -> AsyncIterator[MakeProxy]:
    started: list[ProxyServer] = []

    async def make(upstream: MockUpstream) -> Proxy:
        writer = CapturingWriter()
        config = ProxyConfig(
            port=0,
            state_dir=tmp_path / "state",
            openai_upstream="http://openai.test/base",
            anthropic_upstream="http://anthropic.test",
        )
        server = ProxyServer(config, writer=writer, upstream=upstream)
        await server.start()
        started.append(server)
        return Proxy(server, upstream, writer)

    yield make
    for server in started:
        await server.stop()


async def test_a_plain_response_is_forwarded_and_recorded(make_proxy: MakeProxy) -> None:
    reply = json.dumps({"model": "gpt-4o-2024-08-06", "usage": USAGE}).encode()
    response = MockResponse(
        header_list=[
            ("Content-Type", "application/json"),
            ("Set-Cookie", "a=1"),
            ("Set-Cookie", "b=2"),
            ("Connection", "keep-alive"),
        ],
        body=[reply[:10], reply[10:]],
    )
    p = await make_proxy(MockUpstream.replying(response))
    headers = {**AUTH, "Content-Type": "application/json", "Connection": "x-drop", "X-Drop": "1"}
    via = await raw_request(p.url + CHAT + "?api-version=1", body=BODY, headers=headers)

    (sent,) = p.upstream.requests
    assert sent.method == "POST" and sent.body == BODY
    assert str(sent.url) == "http://openai.test/base/v1/chat/completions?api-version=1"
    assert sent.headers["Authorization"] == AUTH["Authorization"]
    assert "X-Drop" not in sent.headers and "Host" not in sent.headers  # hop-by-hop, Host
    assert via.status == 200 and via.body == reply
    assert [v for k, v in via.headers if k == "Set-Cookie"] == ["a=1", "b=2"]
    assert response.released and not response.closed  # read to the end: reusable

    got = await p.writer.one()
    # The mock's host names no provider: the proxy says so (wire.apis.provider_of); the
    # writer, off the response path, reads the model from the body.
    assert got.provider == "local" and got.ex.api == "openai-chat"
    assert got.ex.status == 200 and not got.ex.streamed and got.ex.error is None
    assert got.ex.request_body == BODY and got.ex.path == CHAT + "?api-version=1"
    assert "authorization" not in got.ex.request_headers and got.ex.key_hash.startswith("k_")
    assert got.tee is not None and extract(got.tee, None) == (USAGE, "gpt-4o-2024-08-06")
    assert p.upstream_errors() == {}
    assert 'promptlint_proxy_requests_total{api="openai-chat",status="200"} 1' in (
        p.writer.metrics.render()
    )


async def test_each_chunk_reaches_the_client_before_the_next_is_read(make_proxy: MakeProxy) -> None:
    gate = asyncio.Event()
    response = MockResponse(header_list=SSE, body=[b"data: 1\n\n", gate, b"data: 2\n\n"])
    p = await make_proxy(MockUpstream.replying(response))
    async with (
        aiohttp.ClientSession() as session,
        session.post(p.url + CHAT, data=BODY, headers=AUTH) as resp,
    ):
        first = await asyncio.wait_for(resp.content.readuntil(b"\n\n"), 5)
        assert first == b"data: 1\n\n" and not gate.is_set()  # the upstream still holds 2
        gate.set()
        assert await resp.content.read() == b"data: 2\n\n"
    got = await p.writer.one()
    assert got.ex.streamed and got.ex.error is None and response.released


async def test_upstream_error_status_passes_verbatim_as_an_ok_outcome(
    make_proxy: MakeProxy,
) -> None:
    error = b'{"error":{"type":"rate_limit_error"}}'
    response = MockResponse(
        status=429,
        reason="Too Many Requests",
        header_list=[("Content-Type", "application/json"), ("Retry-After", "3")],
        body=[error],
    )
    p = await make_proxy(MockUpstream.replying(response))
    via = await raw_request(p.url + CHAT, body=BODY, headers=AUTH)
    assert via.status == 429 and via.body == error and via.header("Retry-After") == "3"
    got = await p.writer.one()
    assert got.ex.status == 429 and got.ex.error is None and p.upstream_errors() == {}


async def test_unreachable_upstream_is_a_502_from_the_proxy(make_proxy: MakeProxy) -> None:
    async def refuse(_: UpstreamRequest) -> MockResponse:
        raise UpstreamUnreachable(ConnectionRefusedError("connection refused"))

    p = await make_proxy(MockUpstream(refuse))
    via = await raw_request(p.url + CHAT, body=BODY, headers=AUTH)
    assert via.status == 502 and via.header("X-Promptlint-Error") == "upstream"
    message = json.loads(via.body)["error"]["message"]
    assert (
        message
        == "promptlint proxy: upstream unreachable: ConnectionRefusedError: connection refused"
    )
    got = await p.writer.one()
    assert got.ex.status == 502 and got.ex.error == message.removeprefix("promptlint proxy: ")
    assert got.tee is None and p.upstream_errors() == {"unreachable": 1}


async def test_upstream_reset_mid_body_breaks_the_client_response(make_proxy: MakeProxy) -> None:
    response = MockResponse(
        header_list=SSE, body=[b"data: 1\n\n", ConnectionResetError("peer reset")]
    )
    p = await make_proxy(MockUpstream.replying(response))
    got_bytes = b""
    async with (
        aiohttp.ClientSession() as session,
        session.post(p.url + CHAT, data=BODY, headers=AUTH) as resp,
    ):
        with pytest.raises(aiohttp.ClientPayloadError):
            async for chunk in resp.content.iter_any():
                got_bytes += chunk
    assert got_bytes == b"data: 1\n\n"  # what arrived, then a broken end, never a clean one
    got = await p.writer.one()
    assert got.ex.status == 200 and got.ex.streamed
    assert got.ex.error == "upstream reset mid-response: ConnectionResetError: peer reset"
    assert response.closed and not response.released  # never reused
    assert p.upstream_errors() == {"reset_mid_response": 1}


async def test_client_gone_mid_body_hangs_up_on_the_upstream(make_proxy: MakeProxy) -> None:
    never = asyncio.Event()
    response = MockResponse(header_list=SSE, body=[b"data: 1\n\n", never, b"data: 2\n\n"])
    p = await make_proxy(MockUpstream.replying(response))
    async with aiohttp.ClientSession() as session:
        resp = await session.post(p.url + CHAT, data=BODY, headers=AUTH)
        assert await asyncio.wait_for(resp.content.readuntil(b"\n\n"), 5) == b"data: 1\n\n"
        resp.close()
    got = await p.writer.one()
    assert got.ex.status == 200 and got.ex.error == Outcome.CLIENT_GONE_MID_RESPONSE.message
    assert response.closed and not never.is_set()  # closed while the upstream held chunk 2
    assert p.upstream_errors() == {"client_gone": 1}
    assert p.server.in_flight == 0


async def test_client_gone_before_the_response_head(make_proxy: MakeProxy) -> None:
    sent = asyncio.Event()

    async def slow(_: UpstreamRequest) -> MockResponse:
        sent.set()
        await asyncio.Event().wait()  # the head never comes
        raise AssertionError("unreachable")

    p = await make_proxy(MockUpstream(slow))
    async with aiohttp.ClientSession() as session:
        post = asyncio.ensure_future(session.post(p.url + CHAT, data=BODY, headers=AUTH))
        await asyncio.wait_for(sent.wait(), 5)
        post.cancel()
        with pytest.raises(asyncio.CancelledError):
            await post
    got = await p.writer.one()
    assert got.ex.status == 499 and got.ex.error == "client disconnected before the response"
    assert p.upstream.responses == [] and p.upstream_errors() == {"client_gone": 1}


async def test_anthropic_and_other_routes(make_proxy: MakeProxy) -> None:
    async def echo(request: UpstreamRequest) -> MockResponse:
        return MockResponse(body=[b"{}"])

    p = await make_proxy(MockUpstream(echo))
    await raw_request(p.url + "/v1/messages", body=BODY, headers={"x-api-key": "sk-ant-x"})
    await raw_request(p.url + "/v1/models", method="GET", headers=AUTH)
    messages, models = p.upstream.requests
    assert str(messages.url) == "http://anthropic.test/v1/messages"
    assert str(models.url) == "http://openai.test/base/v1/models" and models.body == b""
    for _ in range(100):
        if len(p.writer.submitted) == 2:
            break
        await asyncio.sleep(0.005)
    first, second = p.writer.submitted
    assert (first.ex.api, first.provider) == ("anthropic-messages", "anthropic")
    assert first.tee is not None
    assert (second.ex.api, second.tee) == ("other", None)  # nothing to read usage from


async def test_stop_closes_the_upstream_and_the_writer(tmp_path: Path) -> None:
    upstream = MockUpstream.replying(MockResponse())
    writer = CapturingWriter()
    server = ProxyServer(ProxyConfig(port=0, state_dir=tmp_path), writer=writer, upstream=upstream)
    await server.start()
    assert writer.started and server.upstream is upstream
    await server.stop()
    assert upstream.closed and writer.closed


def test_outcome_texts_are_what_the_records_say() -> None:
    assert Outcome.OK.error_text("anything") is None
    assert (
        Outcome.UPSTREAM_RESET.error_text("OSError: x") == "upstream reset mid-response: OSError: x"
    )
    assert Outcome.CLIENT_GONE_AT_END.error_text() == (
        "client disconnected before the end of the response"
    )
    kinds = {o.metric_kind for o in Outcome if o is not Outcome.OK}
    assert kinds == {"unreachable", "reset_mid_response", "client_gone"}


class GatedWriter(CapturingWriter):
    """A writer whose hand-over takes until `gate` opens."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()

    async def hand_off(
        self,
        ex: Exchange,
        provider: str,
        tee: ResponseTee | None = None,
        content_encoding: str | None = None,
    ) -> None:
        self.submit(ex, provider, tee, content_encoding)
        await self.gate.wait()


@pytest.mark.parametrize("streamed", [False, True])
async def test_the_client_sees_the_end_only_after_the_record_is_handed_over(
    tmp_path: Path, streamed: bool
) -> None:
    # A kill of the proxy after the client has its whole answer must not lose the record:
    # the last byte (with a Content-Length) or the final chunk waits for the hand-over.
    if streamed:
        reply = b'data: {"usage":null}\n\ndata: [DONE]\n\n'
        header_list = SSE
    else:
        reply = json.dumps({"model": "gpt-4o-2024-08-06", "usage": USAGE}).encode()
        header_list = [("Content-Type", "application/json"), ("Content-Length", str(len(reply)))]
    writer = GatedWriter()
    config = ProxyConfig(
        port=0, state_dir=tmp_path / "state", openai_upstream="http://openai.test/base"
    )
    response = MockResponse(header_list=header_list, body=[reply[:5], reply[5:]])
    server = ProxyServer(config, writer=writer, upstream=MockUpstream.replying(response))
    await server.start()
    try:
        async with (
            aiohttp.ClientSession() as session,
            session.post(server.url + CHAT, data=BODY, headers=AUTH) as resp,
        ):
            seen = len(reply) if streamed else len(reply) - 1
            assert await asyncio.wait_for(resp.content.readexactly(seen), 5) == reply[:seen]
            rest_of_it = asyncio.ensure_future(resp.content.read())
            done, _ = await asyncio.wait({rest_of_it}, timeout=0.3)
            assert not done, "the client saw the end before the record was handed over"
            assert len(writer.submitted) == 1  # handed over while the client waits
            writer.gate.set()
            rest = await asyncio.wait_for(rest_of_it, 5)
            assert reply[:seen] + rest == reply
    finally:
        await server.stop()
