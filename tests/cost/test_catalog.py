"""The catalog resolves each distinct model name once, and suggests names only when asked."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from promptlint.cost import catalog
from promptlint.diagnosis.analyzer import Analyzer
from promptlint.diagnosis.exchange import Exchange
from promptlint.errors import UserError


def test_unknown_names_are_resolved_once_and_never_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_search(name: str) -> str:
        raise AssertionError(f"suggestion search for {name!r} outside the CLI")

    monkeypatch.setattr(catalog, "suggestion", no_search)
    catalog.resolve.cache_clear()
    first = catalog.resolve("acme-invented-model-7")
    assert not first.known and first.policy.provider == "generic"
    assert catalog.resolve("acme-invented-model-7") is first  # a miss is cached too
    assert catalog.resolve.cache_info().hits == 1
    body = {"model": "acme-invented-model-7", "messages": [{"role": "user", "content": "hi"}]}
    rec = Analyzer().analyze(
        Exchange(
            request_id="r0",
            ts=datetime(2026, 11, 29, tzinfo=timezone.utc),
            api="openai-chat",
            path="/v1/chat/completions",
            request_body=json.dumps(body).encode(),
            request_headers={},
            key_hash="k",
            status=200,
            streamed=False,
            latency_ms=1.0,
            usage_raw={"prompt_tokens": 9, "completion_tokens": 1},
            response_model=None,
        )
    )
    assert rec.cost_usd == "0" and rec.uncached_input_tokens == 9


def test_a_person_gets_did_you_mean() -> None:
    with pytest.raises(UserError, match="did you mean: claude-sonnet-4-5"):
        catalog.price_of("claude-sonet-4-5")


def test_one_normaliser_strips_latest_aliases() -> None:
    assert catalog.family("claude-3-5-sonnet-latest") == "claude-3-5-sonnet"
    assert catalog.family("us.anthropic.claude-sonnet-4-5-20250929-v1:0") == "claude-sonnet-4-5"
    assert catalog.price_of("anthropic/claude-sonnet-4-5-latest").name == "claude-sonnet-4-5"


def test_the_agents_default_models_in_the_bundled_snapshot() -> None:
    """Claude Code 2.1.332 sends claude-opus-5-5 when no model is chosen, Codex CLI 0.171.0
    gpt-6.2-sol (tests/proxy/test_proxy_agents.py drives both). The snapshot is LiteLLM
    1.110.2, the newest on PyPI on 2026-12-01: it prices the first, with its cache rates,
    and has no entry for the second, which is therefore recorded unpriced and flagged."""
    opus = catalog.resolve("claude-opus-5-5").price
    assert opus is not None
    assert opus.cache_read is not None and opus.cache_write_5m is not None
    assert catalog.resolve("gpt-6.2-sol").price is None
