"""One answer to "which API is this" and "who serves it", for the proxy, the Analyzer,
the catalog and the offline explain."""

from __future__ import annotations

import pytest

from promptlint.wire import apis


@pytest.mark.parametrize(
    ("method", "path", "api"),
    [
        ("POST", "/v1/chat/completions", apis.OPENAI_CHAT),
        ("POST", "/openai/v1/completions/", apis.OPENAI_COMPLETIONS),
        ("POST", "/v1/responses", apis.OPENAI_RESPONSES),
        ("POST", "/v1/messages", apis.ANTHROPIC_MESSAGES),
        ("POST", "/v1/messages?beta=true", apis.ANTHROPIC_MESSAGES),
        ("GET", "/v1/responses", apis.OTHER),
        ("POST", "/v1/messages/count_tokens", apis.OTHER),
        # OpenAI's Assistants API, not Anthropic's Messages.
        ("POST", "/v1/threads/thread_abc/messages", apis.OTHER),
    ],
)
def test_classify(method: str, path: str, api: str) -> None:
    assert apis.classify(method, path) == api


def test_detect_api_uses_the_path_then_the_body() -> None:
    assert apis.detect_api({"messages": []}, "/v1/threads/t/messages") == apis.OPENAI_CHAT
    assert apis.detect_api({"messages": [], "system": "x"}) == apis.ANTHROPIC_MESSAGES
    assert apis.detect_api({"input": "x"}) == apis.OPENAI_RESPONSES
    assert apis.detect_api({"prompt": "x"}) == apis.OPENAI_COMPLETIONS
    assert apis.detect_api({}) == apis.OTHER


@pytest.mark.parametrize(
    ("api", "model", "host", "provider"),
    [
        (apis.OPENAI_CHAT, "my-llama", "api.openai.com", "openai"),
        (apis.OPENAI_CHAT, "gpt-4o", "127.0.0.1", "openai"),
        (apis.OPENAI_CHAT, "claude-sonnet-4-6", "litellm.internal", "anthropic"),
        (apis.OPENAI_CHAT, "us.anthropic.claude-sonnet-4-5-v1:0", "", "anthropic"),
        (apis.OPENAI_CHAT, "deepseek-chat", "", "deepseek"),
        (apis.OPENAI_CHAT, "models/gemini-2.5-flash", "", "gemini"),
        (apis.ANTHROPIC_MESSAGES, "", "127.0.0.1", "anthropic"),
        (apis.OPENAI_COMPLETIONS, "my-llama", "127.0.0.1", apis.LOCAL),
        (apis.OPENAI_CHAT, "", "notopenai.com", apis.LOCAL),
    ],
)
def test_provider_of(api: str, model: str, host: str, provider: str) -> None:
    assert apis.provider_of(api, model, host) == provider
