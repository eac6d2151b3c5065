"""The proxy is invisible: same status, headers, body bytes and streaming cadence."""

from __future__ import annotations

import asyncio
import json
import time

import aiohttp
from harness import ANTHROPIC_KEY, OPENAI_KEY, Harness, raw_request

# Hop-by-hop headers belong to each connection; date and ids differ per request.
HOP_OR_PER_CONNECTION = {
    "date",
    "x-request-id",
    "request-id",
    "transfer-encoding",
    "connection",
    "keep-alive",
}


def _comparable(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    # Content-Length differs between two fresh gzip bodies; it is checked against the bytes.
    return [
        (k.lower(), v if k.lower() != "content-length" else "n")
        for k, v in headers
        if k.lower() not in HOP_OR_PER_CONNECTION
    ]


def _chat_body(stream: bool) -> bytes:
    # Odd spacing, key order and escapes on purpose: the upstream must see these exact bytes.
    text = '{ "model":"gpt-4o" , "messages":[{"content":"caf\\u00e9 \u00e9t\u00e9","role":"user"}]'
    if stream:
        text += ', "stream":true,"stream_options":{"include_usage":true}'
    return (text + "}\n").encode()


def test_plain_gzip_body_is_byte_identical(harness: Harness) -> None:
    body = _chat_body(stream=False)
    headers = {
        "Authorization": f"Bearer {OPENAI_KEY}",
        "Content-Type": "application/json",
        "Accept-Encoding": "gzip, deflate",
        "User-Agent": "OpenAI/Python 9.9",
        "X-Custom": "kept",
    }
    direct = asyncio.run(
        raw_request(harness.fake.url + "/v1/chat/completions", body=body, headers=headers)
    )
    via = asyncio.run(raw_request(harness.url + "/v1/chat/completions", body=body, headers=headers))
    assert via.status == direct.status == 200
    assert via.header("Content-Encoding") == "gzip"
    sent = harness.fake.sent[via.header("x-request-id") or ""]
    assert via.body == sent.body  # the compressed bytes, untouched
    assert via.header("Content-Length") == str(len(sent.body))
    assert _comparable(via.headers) == _comparable(direct.headers)
    assert [v for k, v in via.headers if k.lower() == "set-cookie"] == [
        "__cf_bm=fake1; path=/; HttpOnly",
        "_cfuvid=fake2; path=/; HttpOnly",
    ]
    received = harness.fake.received[-1]
    assert received.body == body
    got = dict((k.lower(), v) for k, v in received.headers)
    assert got["authorization"] == f"Bearer {OPENAI_KEY}"  # forwarded upstream, never recorded
    assert got["user-agent"] == "OpenAI/Python 9.9" and got["x-custom"] == "kept"
    assert got["accept-encoding"] == "gzip, deflate"
    assert got["host"] == f"127.0.0.1:{harness.fake.port}"


def test_no_headers_added_on_the_way_up(harness: Harness) -> None:
    body = _chat_body(stream=False)
    asyncio.run(
        raw_request(
            harness.url + "/v1/chat/completions",
            body=body,
            headers={"Authorization": f"Bearer {OPENAI_KEY}"},
        )
    )
    names = {k.lower() for k, _ in harness.fake.received[-1].headers}
    assert names == {"host", "authorization", "content-length"}


def test_stream_is_byte_identical(harness: Harness) -> None:
    body = _chat_body(stream=True)
    headers = {"Authorization": f"Bearer {OPENAI_KEY}", "Content-Type": "application/json"}
    direct = asyncio.run(
        raw_request(harness.fake.url + "/v1/chat/completions", body=body, headers=headers)
    )
    via = asyncio.run(raw_request(harness.url + "/v1/chat/completions", body=body, headers=headers))
    assert via.header("Content-Type") == "text/event-stream; charset=utf-8"
    assert via.body == harness.fake.sent[via.header("x-request-id") or ""].body
    assert via.body.endswith(b"data: [DONE]\n\n")
    assert _comparable(via.headers) == _comparable(direct.headers)
    (record,) = harness.records()  # the direct request did not pass the proxy
    assert record.streamed and record.output_tokens > 0


def test_anthropic_stream_is_byte_identical(harness: Harness) -> None:
    body = json.dumps(
        {
            "model": "claude-sonnet-4-6",
            "max_tokens": 8,
            "stream": True,
            "messages": [{"role": "user", "content": "hi"}],
        }
    ).encode()
    headers = {"x-api-key": ANTHROPIC_KEY, "anthropic-version": "2023-06-01"}
    via = asyncio.run(raw_request(harness.url + "/v1/messages", body=body, headers=headers))
    assert via.status == 200
    assert via.body == harness.fake.sent[via.header("request-id") or ""].body
    assert via.body.startswith(b"event: message_start\n")


def test_other_paths_pass_through_untouched(harness: Harness) -> None:
    odd = b"\x00\xffnot json at all"
    target = "/v2/files/upload?purpose=batch&x=a%20b%26c&empty="
    kwargs = {"method": "PUT", "body": odd, "headers": {"Authorization": f"Bearer {OPENAI_KEY}"}}
    direct = asyncio.run(raw_request(harness.fake.url + target, **kwargs))  # type: ignore[arg-type]
    direct_path = harness.fake.received[-1].raw_path
    via = asyncio.run(raw_request(harness.url + target, **kwargs))  # type: ignore[arg-type]
    assert harness.fake.received[-1].raw_path == direct_path == target
    assert harness.fake.received[-1].body == odd
    echo = json.loads(via.body)
    assert echo == json.loads(direct.body)
    assert echo["method"] == "PUT" and echo["query"] == "purpose=batch&x=a%20b%26c&empty="
    models = asyncio.run(
        raw_request(harness.url + "/v1/models", method="GET", headers={"Authorization": "Bearer k"})
    )
    assert json.loads(models.body)["object"] == "list"
    records = sorted(harness.records(), key=lambda r: r.ts)
    assert [(r.api, r.parsed) for r in records] == [("other", False), ("other", False)]


def test_stream_is_forwarded_before_the_upstream_finishes(harness: Harness) -> None:
    """The first event reaches the client while the upstream is still holding the rest."""
    body = _chat_body(stream=True)

    async def run() -> tuple[bytes, bytes]:
        async with (
            aiohttp.ClientSession() as s,
            s.post(
                harness.url + "/v1/chat/completions",
                data=body,
                headers={"Authorization": f"Bearer {OPENAI_KEY}", "x-fake-gate": "g1"},
            ) as resp,
        ):
            first = await asyncio.wait_for(resp.content.readuntil(b"\n\n"), 5)
            harness.fake.open_gate("g1")  # only now may the upstream send the rest
            rest = await asyncio.wait_for(resp.content.read(), 5)
            return first, rest

    first, rest = asyncio.run(run())
    assert first.startswith(b"data: ") and b'"role":"assistant"' in first
    assert rest.endswith(b"data: [DONE]\n\n")


def test_streaming_cadence_is_kept(harness: Harness) -> None:
    body = _chat_body(stream=True)

    async def run() -> list[float]:
        arrivals: list[float] = []
        async with (
            aiohttp.ClientSession() as s,
            s.post(
                harness.url + "/v1/chat/completions",
                data=body,
                headers={
                    "Authorization": f"Bearer {OPENAI_KEY}",
                    "x-fake-chunk-delay": "0.05",
                    "x-fake-chunks": "6",
                },
            ) as resp,
        ):
            async for _ in resp.content.iter_any():
                arrivals.append(time.monotonic())
        return arrivals

    arrivals = asyncio.run(run())
    # 10 events, 50 ms apart upstream: the client sees them spread out, not in one burst.
    assert len(arrivals) >= 8
    assert arrivals[-1] - arrivals[0] >= 0.35


def test_health_and_metrics(harness: Harness) -> None:
    asyncio.run(
        raw_request(
            harness.url + "/v1/chat/completions",
            body=_chat_body(stream=False),
            headers={"Authorization": f"Bearer {OPENAI_KEY}"},
        )
    )
    harness.records()
    health = json.loads(asyncio.run(raw_request(harness.url + "/-/health", method="GET")).body)
    assert health["status"] == "ok" and health["store"] == "ok" and health["records_lost"] == 0
    assert health["requests"] == 1
    metrics = asyncio.run(raw_request(harness.url + "/-/metrics", method="GET"))
    assert metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8"
    text = metrics.body.decode()
    assert 'promptlint_proxy_requests_total{api="openai-chat",status="200"} 1' in text
    assert 'kind="prompt"} ' in text and 'kind="cached"} ' in text
    assert "promptlint_proxy_added_latency_seconds_count 1" in text
    assert 'promptlint_proxy_added_latency_seconds_bucket{le="+Inf"} 1' in text
    assert "# TYPE promptlint_proxy_avoidable_miss_usd_total counter" in text
    # health and metrics themselves are not proxied
    assert harness.fake.request_count == 1
