"""Claude Code's session logs: `~/.claude/projects/<project>/<session>.jsonl`.

Each API call appears as one or more `assistant` entries (one per content block) that
share `message.id` and `requestId` and carry the call's usage: counted once. Sub-agents
log to `<session>/subagents/agent-<id>.jsonl` with `isSidechain` and `agentId`: each is a
lineage of its own (`<session>/<agentId>`), never a break of the main one. A
`compact_boundary` system entry marks a compaction. Since 2.1 the log also keeps each
request's shape (`api-request-shape`: the system blocks and tools, by hash) and its
parameters (`api-request`: betas, thinking): what changed in the prefix can then be named.
Unknown entry types and fields are passed over, so older and newer versions read alike.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from promptlint.agentlogs.calls import LoggedCall, Shape
from promptlint.agentlogs.jsonl import Line, LineErrors
from promptlint.store.timefmt import parse_ts
from promptlint.wire.usage import normalize_usage

SOURCE = "claude-code"
# Lines without one of these are passed over unparsed: most of a log is attachments.
# Values only, so a log written with other JSON spacing filters the same.
WANTED = (b'"assistant"', b'"compact_boundary"', b'"api-request')
# Request parameters that enter Anthropic's cache key (the model is compared on its own).
KEY_PARAMS = ("betas", "thinking", "tool_choice", "context_management")


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


@dataclass
class ClaudeCodeReader:
    """Turns one log file's lines into calls; its state carries over between imports."""

    shapes: dict[str, list[Any]] = field(default_factory=dict)  # shapeHash -> Shape fields
    pending: dict[str, dict[str, Any]] = field(default_factory=dict)  # lineage -> api-request
    compacted: set[str] = field(default_factory=set)  # lineages compacted since their last call
    # Call ids already turned into calls, oldest first: the entries of one call sit next to
    # each other, so the last few are enough to count each call once.
    seen: dict[str, None] = field(default_factory=dict)
    path: str = ""
    errors: LineErrors = field(default_factory=LineErrors)

    def to_json(self) -> dict[str, Any]:
        return {
            "shapes": self.shapes,
            "pending": self.pending,
            "compacted": sorted(self.compacted),
            "seen": list(self.seen)[-64:],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any], path: Path, errors: LineErrors) -> ClaudeCodeReader:
        return cls(
            shapes=dict(d.get("shapes", {})),
            pending=dict(d.get("pending", {})),
            compacted=set(d.get("compacted", [])),
            seen=dict.fromkeys(d.get("seen", [])),
            path=str(path),
            errors=errors,
        )

    def calls(self, lines: Iterator[Line]) -> Iterator[LoggedCall]:
        for line in lines:
            entry = line.data
            kind = entry.get("type")
            if kind == "assistant":
                try:
                    call = self._call(entry, line)
                except ValueError as e:  # a malformed count: this line is counted, not imported
                    self.errors.add(f"{self.path}:{line.number}", str(e))
                    continue
                if call is not None:
                    yield call
            elif kind == "api-request-shape":
                self._shape(entry)
            elif kind == "api-request":
                self.pending[_lineage(entry)] = {
                    "shapeHash": entry.get("shapeHash"),
                    "params": entry.get("params") or {},
                    "timestamp": entry.get("timestamp"),
                }
            elif kind == "system" and entry.get("subtype") == "compact_boundary":
                self.compacted.add(_lineage(entry))

    def _shape(self, entry: dict[str, Any]) -> None:
        shape = entry.get("shape")
        key = entry.get("shapeHash")
        if not isinstance(shape, dict) or not isinstance(key, str):
            return
        tools = shape.get("tools") or []
        names = [str(t.get("name", "?")) for t in tools if isinstance(t, dict)]
        self.shapes[key] = [_digest(shape.get("system")), names, _digest(tools)]

    def _call(self, entry: dict[str, Any], line: Line) -> LoggedCall | None:
        message = entry.get("message")
        if not isinstance(message, dict) or not isinstance(message.get("usage"), dict):
            return None
        model = str(message.get("model") or "")
        if not model or model == "<synthetic>":
            return None  # Claude Code's own stand-in for a failed call: nothing was billed
        key = f"{message.get('id') or entry.get('uuid')}:{entry.get('requestId') or ''}"
        call_id = "cc-" + hashlib.sha1(key.encode()).hexdigest()[:24]
        if call_id in self.seen:
            return None
        # Read what can be malformed before any state changes: a bad line is counted only.
        usage = normalize_usage(message["usage"], "anthropic")
        ts = str(entry.get("timestamp") or "")
        when = parse_ts(ts) if ts else None
        self.seen[call_id] = None
        lineage = _lineage(entry)
        request = self.pending.pop(lineage, None)
        shape = self._shape_of(request)
        latency = 0.0
        if request is not None and request.get("timestamp") and when is not None:
            latency = max(0.0, (when - parse_ts(str(request["timestamp"]))).total_seconds() * 1000)
        compacted = lineage in self.compacted
        self.compacted.discard(lineage)
        return LoggedCall(
            id=call_id,
            source=SOURCE,
            session_id=lineage,
            ts=ts,
            model=model,
            usage=usage,
            api="anthropic-messages",
            provider="anthropic",
            project=str(entry.get("cwd") or ""),
            latency_ms=latency,
            shape=shape,
            compacted=compacted,
        )

    def _shape_of(self, request: dict[str, Any] | None) -> Shape | None:
        if request is None:
            return None
        known = self.shapes.get(str(request.get("shapeHash")))
        if known is None:
            return None
        params = {k: request["params"][k] for k in KEY_PARAMS if k in request["params"]}
        text = json.dumps(params, sort_keys=True, separators=(",", ":"))
        return Shape(
            system=known[0],
            tools=tuple(known[1]),
            tools_digest=known[2],
            params=_digest(params),
            params_text=text[:300],
        )


def _lineage(entry: dict[str, Any]) -> str:
    session = str(entry.get("sessionId") or "")
    agent = entry.get("agentId")
    if agent:
        return f"{session}/{agent}"
    if entry.get("isSidechain"):
        return f"{session}/sidechain"
    return session
