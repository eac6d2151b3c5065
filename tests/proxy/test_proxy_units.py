"""The pieces on their own: usage tee, routing, hop-by-hop headers, metrics text."""

from __future__ import annotations

import gzip
import json
import zlib
from decimal import Decimal

import pytest

from promptlint.proxy import routes
from promptlint.proxy.headers import client_response_headers, upstream_request_headers
from promptlint.proxy.metrics import Metrics
from promptlint.proxy.tee import ResponseTee, extract
from promptlint.wire import apis


def _sse(*events: dict[str, object], named: bool = False, done: bool = False) -> bytes:
    out = b""
    for ev in events:
        if named:
            out += f"event: {ev['type']}\n".encode()
        out += b"data: " + json.dumps(ev).encode() + b"\n\n"
    if done:
        out += b"data: [DONE]\n\n"
    return out


ANTHROPIC_STREAM = _sse(
    {
        "type": "message_start",
        "message": {
            "model": "claude-sonnet-4-6",
            "usage": {
                "input_tokens": 7,
                "cache_creation_input_tokens": 100,
                "cache_read_input_tokens": 2000,
                "cache_creation": {
                    "ephemeral_5m_input_tokens": 0,
                    "ephemeral_1h_input_tokens": 100,
                },
                "output_tokens": 1,
            },
        },
    },
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": '"usage"'}},
    {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn"},
        "usage": {
            "input_tokens": 7,
            "cache_creation_input_tokens": 100,
            "cache_read_input_tokens": 2000,
            "output_tokens": 42,
        },
    },
    {"type": "message_stop"},
    named=True,
)

CHAT_STREAM = _sse(
    {"model": "gpt-4o-2024-08-06", "choices": [{"delta": {"content": "hi"}}], "usage": None},
    {
        "model": "gpt-4o-2024-08-06",
        "choices": [],
        "usage": {
            "prompt_tokens": 3000,
            "completion_tokens": 5,
            "prompt_tokens_details": {"cached_tokens": 2944},
        },
    },
    done=True,
)

RESPONSES_STREAM = _sse(
    {"type": "response.created", "response": {"model": "gpt-4o", "usage": None}},
    {"type": "response.output_text.delta", "delta": "the word usage"},
    {
        "type": "response.completed",
        "response": {
            "model": "gpt-4o",
            "usage": {
                "input_tokens": 1500,
                "input_tokens_details": {"cached_tokens": 1408},
                "output_tokens": 9,
            },
        },
    },
    named=True,
)


def _feed_split(data: bytes, cut: int, streamed: bool = True, encoding: str | None = None):  # type: ignore[no-untyped-def]
    tee = ResponseTee(streamed, encoding)
    tee.feed(data[:cut])
    tee.feed(data[cut:])
    return extract(tee, encoding)


@pytest.mark.parametrize(
    "stream",
    [ANTHROPIC_STREAM, CHAT_STREAM, RESPONSES_STREAM],
    ids=["anthropic", "chat", "responses"],
)
def test_stream_usage_is_the_same_wherever_the_chunks_split(stream: bytes) -> None:
    whole = _feed_split(stream, len(stream))
    assert whole[0] is not None and whole[1] is not None
    for cut in range(0, len(stream), 7):
        assert _feed_split(stream, cut) == whole


def test_anthropic_stream_merges_start_and_cumulative_delta() -> None:
    usage, model = _feed_split(ANTHROPIC_STREAM, 100)
    assert model == "claude-sonnet-4-6"
    assert usage is not None
    assert usage["output_tokens"] == 42  # from the cumulative message_delta
    assert usage["cache_creation"]["ephemeral_1h_input_tokens"] == 100  # only in message_start
    assert usage["cache_read_input_tokens"] == 2000


def test_chat_and_responses_streams_take_the_final_usage() -> None:
    usage, model = _feed_split(CHAT_STREAM, 50)
    assert usage == {
        "prompt_tokens": 3000,
        "completion_tokens": 5,
        "prompt_tokens_details": {"cached_tokens": 2944},
    }
    assert model == "gpt-4o-2024-08-06"
    usage, _ = _feed_split(RESPONSES_STREAM, 33)
    assert usage is not None and usage["input_tokens_details"]["cached_tokens"] == 1408


def test_compressed_streams_and_bodies() -> None:
    z = zlib.compressobj(wbits=16 + zlib.MAX_WBITS)
    gz = z.compress(CHAT_STREAM) + z.flush()
    for cut in (1, 10, len(gz) // 2, len(gz) - 1):
        assert _feed_split(gz, cut, encoding="gzip") == _feed_split(CHAT_STREAM, 0)
    body = gzip.compress(json.dumps({"model": "m", "usage": {"prompt_tokens": 5}}).encode())
    assert _feed_split(body, 3, streamed=False, encoding="gzip") == ({"prompt_tokens": 5}, "m")
    assert _feed_split(b"{not json", 3, streamed=False) == (None, None)
    assert _feed_split(b"garbage", 3, streamed=False, encoding="zstd-unknown") == (None, None)


def test_routes() -> None:
    ups = routes.Upstreams.parse("http://vllm:8000/base", "https://api.anthropic.com")
    assert (
        str(routes.target_url(ups.openai, "/v1/models?x=%2F"))
        == "http://vllm:8000/base/v1/models?x=%2F"
    )
    assert ups.for_request(apis.OTHER, "/v1/models", frozenset({"x-api-key"})) == ups.anthropic
    assert ups.for_request(apis.OTHER, "/v1/models", frozenset({"authorization"})) == ups.openai
    with pytest.raises(ValueError, match="http"):
        routes.Upstreams.parse("ftp://x", "https://y")


def test_hop_by_hop_headers_are_dropped_both_ways() -> None:
    raw = [
        (b"Host", b"proxy:8787"),
        (b"Connection", b"keep-alive, X-Private-Hop"),
        (b"X-Private-Hop", b"1"),
        (b"Keep-Alive", b"timeout=5"),
        (b"Content-Length", b"10"),
        (b"TE", b"trailers"),
        (b"Accept-Encoding", b"gzip"),
        (b"Authorization", b"Bearer k"),
    ]
    up = upstream_request_headers(raw)
    assert list(up.items()) == [("Accept-Encoding", "gzip"), ("Authorization", "Bearer k")]
    down = client_response_headers(
        [(b"Transfer-Encoding", b"chunked"), (b"Set-Cookie", b"a=1"), (b"Set-Cookie", b"b=2")]
    )
    assert down.getall("Set-Cookie") == ["a=1", "b=2"] and "Transfer-Encoding" not in down


def test_metrics_text_format() -> None:
    m = Metrics()
    m.count_request("openai-chat", 200, 0.0004)
    m.count_request("openai-chat", 200, 0.003)
    m.count_tokens("openai", 'we"ird\nmodel', 100, 64, 0, 5)
    m.count_miss("volatile-timestamp", 2688, Decimal("0.00336"))
    m.count_lost("queue_full")
    text = m.render()
    assert 'promptlint_proxy_requests_total{api="openai-chat",status="200"} 2' in text
    assert 'promptlint_proxy_added_latency_seconds_bucket{le="0.0005"} 1' in text
    assert 'promptlint_proxy_added_latency_seconds_bucket{le="0.005"} 2' in text
    assert 'promptlint_proxy_added_latency_seconds_bucket{le="+Inf"} 2' in text
    assert 'model="we\\"ird model"' in text
    assert 'promptlint_proxy_avoidable_miss_usd_total{cause="volatile-timestamp"} 0.00336' in text
    assert 'promptlint_proxy_records_lost_total{reason="queue_full"} 1' in text
    for line in text.splitlines():
        assert line.startswith("#") or len(line.rsplit(" ", 1)) == 2


def test_anthropic_stream_drops_a_ttl_split_the_final_total_disagrees_with() -> None:
    # message_start splits 100 writes by TTL; the cumulative message_delta says 160 were
    # written: the split no longer describes the total, so it is not kept.
    stream = ANTHROPIC_STREAM.replace(
        b'"cache_creation_input_tokens": 100, "cache_read_input_tokens": 2000, "output_tokens": 42',
        b'"cache_creation_input_tokens": 160, "cache_read_input_tokens": 2000, "output_tokens": 42',
    )
    assert stream != ANTHROPIC_STREAM
    usage, _ = _feed_split(stream, 100)
    assert usage is not None
    assert usage["cache_creation_input_tokens"] == 160 and "cache_creation" not in usage
