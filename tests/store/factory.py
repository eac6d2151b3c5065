"""Records for tests: token counts chosen by the test, money computed from a price table."""

from __future__ import annotations

from decimal import Decimal

from promptlint.store.records import BreakRecord, RequestRecord

# $ per million tokens: uncached input, cache read, cache write 5m, cache write 1h, output.
PRICES: dict[str, tuple[Decimal, ...]] = {
    "claude-sonnet-4-5": tuple(map(Decimal, ("3", "0.30", "3.75", "6", "15"))),
    "gpt-4o": tuple(map(Decimal, ("2.50", "1.25", "0", "0", "10"))),
    "deepseek-chat": tuple(map(Decimal, ("0.27", "0.07", "0", "0", "1.10"))),
}
M = Decimal(1_000_000)


def cost(model: str, tokens: tuple[int, int, int, int, int]) -> Decimal:
    return sum((Decimal(t) * p / M for t, p in zip(tokens, PRICES[model], strict=True)), Decimal(0))


def cost_without_cache(model: str, tokens: tuple[int, int, int, int, int]) -> Decimal:
    uncached, read, w5, w1, out = tokens
    return cost(model, (uncached + read + w5 + w1, 0, 0, 0, out))


def lost(model: str, tokens: int) -> Decimal:
    p = PRICES[model]
    return Decimal(tokens) * (p[0] - p[1]) / M


def make_record(
    rid: str,
    ts: str = "2026-11-20T10:00:00.000000+00:00",
    model: str = "claude-sonnet-4-5",
    session: str = "s1",
    tokens: tuple[int, int, int, int, int] = (100, 2000, 0, 0, 50),
    breaks: list[tuple[str, int]] | None = None,
    key: str = "k1",
    parent: str | None = None,
) -> RequestRecord:
    return RequestRecord(
        id=rid,
        ts=ts,
        api="anthropic-messages" if model.startswith("claude") else "openai-chat",
        provider="anthropic" if model.startswith("claude") else "openai",
        model=model,
        key_hash=key,
        session_id=session,
        parent_id=parent,
        status=200,
        streamed=True,
        latency_ms=123.5,
        uncached_input_tokens=tokens[0],
        cache_read_tokens=tokens[1],
        cache_write_5m_tokens=tokens[2],
        cache_write_1h_tokens=tokens[3],
        output_tokens=tokens[4],
        predicted_cached_tokens=tokens[1],
        cost_usd=str(cost(model, tokens)),
        cost_usd_without_cache=str(cost_without_cache(model, tokens)),
        body='{"redacted": true}',
        breaks=[
            BreakRecord(
                cause=cause,
                code=None,
                segment="system",
                token_offset=10,
                lost_tokens=n,
                lost_usd=str(lost(model, n)),
                before="Today is 2026-11-19",
                after="Today is 2026-11-20",
            )
            for cause, n in (breaks or [])
        ],
    )
