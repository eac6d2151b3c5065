"""Read recorded usage: JSON or JSONL of provider responses, usage objects or stream events.

Accepted per object: `{"model": ..., "usage": {...}}` (OpenAI chat/responses, Anthropic,
DeepSeek, Bedrock InvokeModel and the providers' own full responses), Gemini responses with
`usageMetadata`/`modelVersion`, Bedrock Converse responses (`usage` without a model: the
default model applies), and stream events: Anthropic `message_start` + `message_delta`
(merged), OpenAI `response.completed`, chat-completion chunks (only the one with usage
counts), SSE lines prefixed with `data: `.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from promptlint.errors import UserError
from promptlint.wire.usage import Usage, merge_anthropic_stream, normalize_usage


@dataclass
class UsageRecord:
    where: str  # "FILE:LINE"
    model: str | None
    usage: Usage
    unsplit_writes: bool = False  # Anthropic writes with no 5m/1h split (priced as 5m)
    response_id: str | None = None


@dataclass
class _Pending:
    where: str
    model: str | None
    usage: dict[str, Any]


def _objects(path: Path) -> Iterator[tuple[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UserError(f"{path}: not UTF-8 text") from None
    stripped = text.strip()
    if not stripped:
        raise UserError(f"{path}: empty usage file")
    if stripped[0] == "[" or (stripped[0] == "{" and "\n{" not in stripped):
        try:
            whole = json.loads(stripped)
        except json.JSONDecodeError:
            whole = None
        if isinstance(whole, list):
            for i, obj in enumerate(whole):
                yield f"{path}:item {i + 1}", obj
            return
        if isinstance(whole, dict):
            yield f"{path}:1", whole
            return
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith(("event:", ":", "id:", "retry:")):
            continue
        if line.startswith("data:"):
            line = line[5:].strip()
            if line == "[DONE]":
                continue
        try:
            yield f"{path}:{number}", json.loads(line)
        except json.JSONDecodeError as exc:
            raise UserError(f"{path}:{number}: not JSON ({exc.msg})") from None


def read_usage_file(path: Path, default_model: str | None = None) -> list[UsageRecord]:
    records: list[UsageRecord] = []
    pending: _Pending | None = None

    def flush() -> None:
        nonlocal pending
        if pending is not None:
            records.append(_record(pending.where, pending.model, pending.usage, "anthropic"))
            pending = None

    for where, obj in _objects(path):
        if not isinstance(obj, Mapping):
            raise UserError(f"{where}: expected a JSON object, got {type(obj).__name__}")
        kind = obj.get("type")
        if kind == "message_start":
            flush()
            message = obj.get("message")
            if not isinstance(message, Mapping) or not isinstance(message.get("usage"), Mapping):
                raise UserError(f"{where}: message_start without message.usage")
            pending = _Pending(where, message.get("model") or default_model, dict(message["usage"]))
            continue
        if kind == "message_delta":
            delta = obj.get("usage")
            if not isinstance(delta, Mapping):
                continue
            if pending is None:
                records.append(_record(where, default_model, delta, "anthropic"))
            else:
                pending.usage = merge_anthropic_stream(pending.usage, delta)
            continue
        if isinstance(kind, str) and kind.startswith(("message_", "content_block_", "ping")):
            continue
        flush()
        if kind in ("response.completed", "response.incomplete", "response.failed"):
            obj = obj.get("response") or {}
        elif isinstance(kind, str) and kind.startswith("response."):
            continue  # other Responses stream events carry no usage
        if obj.get("object") == "chat.completion.chunk" and not obj.get("usage"):
            continue  # only the last chunk (stream_options.include_usage) carries usage
        usage = obj.get("usage")
        if usage is None and "usageMetadata" in obj:
            usage = obj["usageMetadata"]
        if usage is None and _looks_like_usage(obj):
            usage = obj
        if not isinstance(usage, Mapping):
            raise UserError(
                f"{where}: no usage object (expected {{'model': ..., 'usage': {{...}}}})"
            )
        model = obj.get("model") or obj.get("modelVersion") or default_model
        record = _record(where, model, usage, None)
        response_id = obj.get("responseId")
        # Gemini streams repeat cumulative usageMetadata on every chunk: keep the last.
        if isinstance(response_id, str) and records and records[-1].response_id == response_id:
            records.pop()
        record.response_id = response_id if isinstance(response_id, str) else None
        records.append(record)
    flush()
    if not records:
        raise UserError(f"{path}: no usage records found")
    return records


def _looks_like_usage(obj: Mapping[str, Any]) -> bool:
    keys = {"prompt_tokens", "input_tokens", "inputTokens", "promptTokenCount"}
    return bool(keys & set(obj))


def _record(where: str, model: Any, usage: Mapping[str, Any], shape: str | None) -> UsageRecord:
    if model is not None and not isinstance(model, str):
        raise UserError(f"{where}: 'model' must be a string")
    try:
        normalized = normalize_usage(usage, shape)
    except ValueError as exc:
        raise UserError(f"{where}: {exc}") from None
    unsplit = (
        "cache_creation_input_tokens" in usage
        and not isinstance(usage.get("cache_creation"), Mapping)
        and normalized.cache_write_tokens > 0
    )
    return UsageRecord(where, model, normalized, unsplit)
