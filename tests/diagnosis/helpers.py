"""Builders for real wire-format request bodies and exchanges."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from typing import Any

from promptlint.diagnosis.exchange import Exchange

T0 = datetime(2026, 11, 29, 12, 0, 0, tzinfo=timezone.utc)

_TOPICS = [
    "billing disputes",
    "refund windows",
    "shipping delays",
    "warranty claims",
    "account recovery",
    "two-factor setup",
    "data export",
    "privacy requests",
    "invoice formats",
    "tax exemptions",
    "bulk orders",
    "gift cards",
]


def policy_text(rules: int = 60) -> str:
    """A long, static system prompt (~1.8k tokens), like a real support agent's."""
    lines = ["You are Ada, the support assistant of ACME Corporation. Follow these rules."]
    for i in range(rules):
        topic = _TOPICS[i % len(_TOPICS)]
        lines.append(
            f"Rule {i + 1}: when a customer asks about {topic}, check the account status "
            f"first, quote the policy section {i % 7 + 1}.{i % 5 + 1} verbatim, and never "
            "promise an outcome you cannot verify in the order history."
        )
    return "\n".join(lines)


SYSTEM = policy_text()

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Current weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
            "required": ["city"],
        },
    },
}
ORDER_TOOL = {
    "type": "function",
    "function": {
        "name": "lookup_order",
        "description": "Look up an order by its number.",
        "parameters": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
    },
}
REFUND_TOOL = {
    "type": "function",
    "function": {
        "name": "issue_refund",
        "description": "Refund an order, fully or partly.",
        "parameters": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "amount": {"type": "number"}},
            "required": ["order_id"],
        },
    },
}


def anthropic_tool(openai_tool: dict[str, Any]) -> dict[str, Any]:
    fn = openai_tool["function"]
    return {"name": fn["name"], "description": fn["description"], "input_schema": fn["parameters"]}


def chat(messages: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"model": "gpt-4o", "messages": messages}
    body.update(extra)
    return body


def claude(messages: list[dict[str, Any]], system: Any = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": messages}
    if system is not None:
        body["system"] = system
    body.update(extra)
    return body


def ex(
    body: dict[str, Any] | bytes,
    *,
    n: int,
    api: str = "openai-chat",
    at: float | None = None,
    usage: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
    key: str = "key-a",
    status: int = 200,
) -> Exchange:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    path = {
        "openai-chat": "/v1/chat/completions",
        "openai-responses": "/v1/responses",
        "openai-completions": "/v1/completions",
        "anthropic-messages": "/v1/messages",
    }.get(api, "/v1/other")
    return Exchange(
        request_id=f"r{n}",
        ts=T0 + timedelta(seconds=at if at is not None else 10 * n),
        api=api,
        path=path,
        request_body=raw,
        request_headers=dict(headers or {}),
        key_hash=key,
        status=status,
        streamed=False,
        latency_ms=12.0,
        usage_raw=usage,
        response_model=None,
    )
