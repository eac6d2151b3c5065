"""The wire APIs promptlint understands, which one a request speaks, and who serves it.

One place answers "which API is this" (from the URL path, else from the body's shape) and
"which provider is this" (from the upstream host, the API and the model name), for the
proxy, the Analyzer, the price catalog and the offline `explain`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

OPENAI_CHAT = "openai-chat"
OPENAI_RESPONSES = "openai-responses"
OPENAI_COMPLETIONS = "openai-completions"
ANTHROPIC_MESSAGES = "anthropic-messages"
OTHER = "other"
APIS = (OPENAI_CHAT, OPENAI_RESPONSES, OPENAI_COMPLETIONS, ANTHROPIC_MESSAGES)

# What `provider_of` answers when nothing names a provider: a self-hosted engine (vLLM,
# SGLang, llama.cpp) or a provider promptlint has no rules for; its cache policy is the
# labelled generic one.
LOCAL = "local"

# Model-name prefixes (after any provider path, region or vendor prefix) of each provider.
_MODEL_PREFIXES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("claude",), "anthropic"),
    (("gpt-", "o1", "o3", "o4", "chatgpt", "text-", "davinci", "babbage", "codex"), "openai"),
    (("gemini",), "gemini"),
    (("deepseek",), "deepseek"),
    (("grok",), "xai"),
    (("mistral",), "mistral"),
)
_VENDOR_PREFIXES = ("anthropic.", "amazon.", "meta.", "mistral.", "cohere.", "ai21.", "openai.")
_HOSTS = (("openai.com", "openai"), ("anthropic.com", "anthropic"))


def classify(method: str, path: str) -> str:
    """The API of a request from its method and URL path (query allowed; base paths too).

    `/v1/threads/{id}/messages` is OpenAI's Assistants API, not Anthropic's Messages.
    """
    if method != "POST":
        return OTHER
    p = path.split("?", 1)[0].rstrip("/")
    if p.endswith("/chat/completions"):
        return OPENAI_CHAT
    if p.endswith("/completions"):
        return OPENAI_COMPLETIONS
    if p.endswith("/responses"):
        return OPENAI_RESPONSES
    if p.endswith("/messages") and "/threads/" not in p:
        return ANTHROPIC_MESSAGES
    return OTHER


def detect_api(body: Mapping[str, Any], path: str | None = None) -> str:
    """The API a request body belongs to: from its URL path when known, else its shape."""
    if path:
        api = classify("POST", path)
        if api != OTHER:
            return api
    model = str(body.get("model") or "").lower()
    if "messages" in body:
        anthropic_shape = (
            "system" in body
            or "anthropic_version" in body
            or "claude" in model
            or isinstance(body.get("thinking"), dict)
        )
        return ANTHROPIC_MESSAGES if anthropic_shape else OPENAI_CHAT
    if "input" in body or "instructions" in body:
        return OPENAI_RESPONSES
    if "prompt" in body:
        return OPENAI_COMPLETIONS
    return OTHER


def model_provider(model: str) -> str | None:
    """The provider a model name belongs to, or None when the name does not say."""
    name = model.strip().lower().rsplit("/", 1)[-1]
    if "claude" in name:  # also "us.anthropic.claude-…" (Bedrock profiles)
        return "anthropic"
    for vendor in _VENDOR_PREFIXES:
        if name.startswith(vendor):
            name = name[len(vendor) :]
    for prefixes, provider in _MODEL_PREFIXES:
        if name.startswith(prefixes):
            return provider
    return None


def provider_of(api: str, model: str = "", host: str = "") -> str:
    """Who serves a request: the public hosts by name, then the API, then the model name.

    Anything else is `LOCAL` (a self-hosted engine speaking one of these APIs).
    """
    host = host.lower()
    for suffix, provider in _HOSTS:
        if host == suffix or host.endswith("." + suffix):
            return provider
    if api == ANTHROPIC_MESSAGES:
        return "anthropic"
    return model_provider(model) or LOCAL
