"""The official SDKs, pointed at the proxy over the fake upstream, streamed and not."""

from __future__ import annotations

from pathlib import Path

import anthropic
import openai
import pytest
from harness import ANTHROPIC_KEY, OPENAI_KEY, Harness

LONG_SYSTEM = "You are a careful assistant. " * 400  # ~2400 tokens: above every minimum


def _openai(h: Harness) -> openai.OpenAI:
    return h.track(openai.OpenAI(base_url=h.url + "/v1", api_key=OPENAI_KEY, max_retries=0))


def _anthropic(h: Harness) -> anthropic.Anthropic:
    return h.track(anthropic.Anthropic(base_url=h.url, api_key=ANTHROPIC_KEY, max_retries=0))


def test_openai_chat_plain_and_streamed(harness: Harness) -> None:
    client = _openai(harness)
    messages = [{"role": "system", "content": LONG_SYSTEM}, {"role": "user", "content": "hi"}]
    first = client.chat.completions.create(model="gpt-4o", messages=messages)  # type: ignore[arg-type]
    assert first.choices[0].message.content
    assert first.usage is not None and first.usage.prompt_tokens_details is not None
    assert first.usage.prompt_tokens_details.cached_tokens == 0
    stream = client.chat.completions.create(
        model="gpt-4o",
        messages=messages,  # type: ignore[arg-type]
        stream=True,
        stream_options={"include_usage": True},
    )
    text, usage = "", None
    for chunk in stream:
        if chunk.choices:
            text += chunk.choices[0].delta.content or ""
        if chunk.usage is not None:
            usage = chunk.usage
    assert text == first.choices[0].message.content
    assert usage is not None and usage.prompt_tokens_details is not None
    cached = usage.prompt_tokens_details.cached_tokens
    assert cached is not None and cached >= 1024 and cached % 128 == 0

    records = sorted(harness.records(), key=lambda r: r.ts)
    assert [(r.api, r.streamed, r.status) for r in records] == [
        ("openai-chat", False, 200),
        ("openai-chat", True, 200),
    ]
    assert records[0].model == records[1].model == "gpt-4o-2024-08-06"
    total = first.usage.prompt_tokens
    assert records[0].uncached_input_tokens == total and records[0].cache_read_tokens == 0
    assert records[1].cache_read_tokens == cached
    assert records[1].uncached_input_tokens == usage.prompt_tokens - cached
    assert records[0].output_tokens == first.usage.completion_tokens
    assert records[0].key_hash == records[1].key_hash != "anonymous"


def test_openai_chat_stream_without_usage_records_no_tokens(harness: Harness) -> None:
    client = _openai(harness)
    stream = client.chat.completions.create(
        model="gpt-4o", messages=[{"role": "user", "content": "hi"}], stream=True
    )
    assert "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
    (record,) = harness.records()
    assert record.streamed and record.model == "gpt-4o-2024-08-06"
    # No usage on the wire: nothing reported, at most an estimate labelled as such.
    assert record.cache_read_tokens == record.output_tokens == 0
    assert record.uncached_input_tokens == 0 or not record.prompt_tokens_exact


def test_openai_responses_plain_and_streamed(harness: Harness) -> None:
    client = _openai(harness)
    first = client.responses.create(model="gpt-4o", instructions=LONG_SYSTEM, input="hello")
    assert first.output_text and first.usage is not None
    events = list(
        client.responses.create(
            model="gpt-4o", instructions=LONG_SYSTEM, input="hello", stream=True
        )
    )
    assert events[0].type == "response.created"
    completed = events[-1]
    assert completed.type == "response.completed"
    usage = completed.response.usage
    assert usage is not None and usage.input_tokens_details.cached_tokens >= 1024
    records = sorted(harness.records(), key=lambda r: r.ts)
    assert [r.api for r in records] == ["openai-responses"] * 2
    assert records[0].uncached_input_tokens == first.usage.input_tokens
    assert (
        records[1].streamed
        and records[1].cache_read_tokens == usage.input_tokens_details.cached_tokens
    )
    assert records[1].output_tokens == usage.output_tokens


def test_openai_completions_vllm_style(harness: Harness) -> None:
    client = _openai(harness)
    prompt = "Once upon a time " * 300
    plain = client.completions.create(model="meta-llama/Llama-3.1-8B", prompt=prompt)
    assert plain.choices[0].text
    streamed = client.completions.create(
        model="meta-llama/Llama-3.1-8B",
        prompt=prompt,
        stream=True,
        stream_options={"include_usage": True},
    )
    usage = [c.usage for c in streamed if c.usage is not None][-1]
    records = sorted(harness.records(), key=lambda r: r.ts)
    assert [(r.api, r.streamed) for r in records] == [
        ("openai-completions", False),
        ("openai-completions", True),
    ]
    assert records[1].cache_read_tokens == (usage.prompt_tokens_details.cached_tokens or 0) > 0  # type: ignore[union-attr]
    assert records[1].model == "meta-llama/Llama-3.1-8B"


def test_anthropic_messages_plain_and_streamed(harness: Harness) -> None:
    client = _anthropic(harness)
    system = [{"type": "text", "text": LONG_SYSTEM, "cache_control": {"type": "ephemeral"}}]
    first = client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=64,
        system=system,  # type: ignore[arg-type]
        messages=[{"role": "user", "content": "hi"}],
    )
    assert first.content[0].type == "text"
    assert first.usage.cache_creation_input_tokens and not first.usage.cache_read_input_tokens
    with client.messages.stream(
        model="claude-sonnet-4-6",
        max_tokens=64,
        system=system,  # type: ignore[arg-type]
        messages=[{"role": "user", "content": "hi"}],
    ) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert text == first.content[0].text
    assert final.usage.cache_read_input_tokens == first.usage.cache_creation_input_tokens
    records = sorted(harness.records(), key=lambda r: r.ts)
    assert [(r.api, r.streamed, r.provider) for r in records] == [
        ("anthropic-messages", False, "anthropic"),
        ("anthropic-messages", True, "anthropic"),
    ]
    w = first.usage.cache_creation_input_tokens
    assert records[0].cache_write_5m_tokens == w and records[0].cache_read_tokens == 0
    assert records[0].uncached_input_tokens == first.usage.input_tokens
    # Streamed: message_start's usage merged with the cumulative message_delta.
    assert records[1].cache_read_tokens == final.usage.cache_read_input_tokens
    assert records[1].uncached_input_tokens == final.usage.input_tokens
    assert records[1].output_tokens == final.usage.output_tokens > 1


def test_anthropic_one_hour_ttl_write(harness: Harness) -> None:
    client = _anthropic(harness)
    client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=16,
        system=[
            {
                "type": "text",
                "text": LONG_SYSTEM,
                "cache_control": {"type": "ephemeral", "ttl": "1h"},
            }
        ],  # type: ignore[list-item]
        messages=[{"role": "user", "content": "hi"}],
        stream=False,
    )
    (record,) = harness.records()
    assert record.cache_write_1h_tokens > 1024 and record.cache_write_5m_tokens == 0


def test_async_sdks_share_one_proxy(harness: Harness) -> None:
    import asyncio

    async def both() -> tuple[str | None, str]:
        oa = openai.AsyncOpenAI(base_url=harness.url + "/v1", api_key=OPENAI_KEY)
        an = anthropic.AsyncAnthropic(base_url=harness.url, api_key=ANTHROPIC_KEY)
        a, b = await asyncio.gather(
            oa.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "x"}]),
            an.messages.create(
                model="claude-sonnet-4-6", max_tokens=8, messages=[{"role": "user", "content": "y"}]
            ),
        )
        await oa.close()
        await an.close()
        return a.choices[0].message.content, b.content[0].text  # type: ignore[union-attr]

    x, y = asyncio.run(both())
    assert x and y
    assert sorted(r.api for r in harness.records()) == ["anthropic-messages", "openai-chat"]


def test_prefix_break_reaches_store_and_metrics(any_harness: Harness) -> None:
    """Proxy → Analyzer → store → metrics: a timestamp in the system prompt, named and priced."""
    harness = any_harness
    client = _openai(harness)
    for ts in ("2026-11-29T10:00:01Z", "2026-11-29T10:00:07Z"):
        client.chat.completions.create(
            model="gpt-4o",
            messages=[
                {"role": "system", "content": f"Now: {ts}\n{LONG_SYSTEM}"},
                {"role": "user", "content": "hi"},
            ],
        )
    first, second = sorted(harness.records(), key=lambda r: r.ts)
    assert second.parent_id == first.id and second.session_id == first.session_id
    assert [b.cause for b in second.breaks] == ["volatile-timestamp"]
    lost = second.breaks[0].lost_tokens
    assert lost > 1024
    metrics = harness.proxy.metrics.render()
    assert (
        f'promptlint_proxy_avoidable_miss_tokens_total{{cause="volatile-timestamp"}} {lost}'
        in metrics
    )
    assert 'promptlint_proxy_avoidable_miss_usd_total{cause="volatile-timestamp"} 0.' in metrics


@pytest.mark.parametrize("mode", ["none", "redacted", "full"])
def test_record_bodies_reaches_the_analyzer(tmp_path: Path, mode: str) -> None:
    secret_text = "the customer's whole letter, word for word " * 50
    h = Harness(tmp_path, record_bodies=mode).start()
    try:
        _openai(h).chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": secret_text}]
        )
        (record,) = h.records()
    finally:
        h.stop()
    if mode == "none":
        assert record.body is None
    elif mode == "full":
        assert record.body is not None and secret_text in record.body
    else:
        assert record.body is not None and secret_text not in record.body
