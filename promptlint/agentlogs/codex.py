"""Codex CLI's rollouts: `~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<session>.jsonl`.

A rollout is one session (`codex exec resume` appends to it). `turn_context` says which
model the turns that follow use. Each model response's usage is a `token_usage_record`
(Codex 0.17x); older versions log only `event_msg` / `token_count` events, whose
`last_token_usage` is the last response's usage and which repeat when nothing new was
billed (a repeat has the same running total: counted once). OpenAI's `input_tokens`
include the cached ones. A compaction (`compacted` item or `context_compacted` event)
marks the next call.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from promptlint.agentlogs.calls import LoggedCall
from promptlint.agentlogs.jsonl import Line, LineErrors
from promptlint.wire.usage import Usage, usage_count

SOURCE = "codex"
WANTED = (
    b'"session_meta"',
    b'"turn_context"',
    b'"token_usage_record"',
    b'"token_count"',
    b"compact",
)


def usage_of(u: Mapping[str, Any]) -> Usage:
    """Raises `ValueError` naming the field for a count that is not a whole number >= 0."""
    total = usage_count(u, "input_tokens")
    cached = min(usage_count(u, "cached_input_tokens"), total)
    written = min(usage_count(u, "cache_write_input_tokens"), total - cached)
    return Usage(
        uncached_input_tokens=total - cached - written,
        cache_read_tokens=cached,
        cache_write_5m_tokens=written,
        output_tokens=usage_count(u, "output_tokens"),
    )


@dataclass
class CodexReader:
    session: str = ""
    project: str = ""
    model: str = ""
    records: bool = False  # this rollout has token_usage_record entries (0.17x)
    last_total: int | None = None  # running total of the last token_count counted
    compacted: bool = False
    calls_seen: int = 0
    path: str = ""
    errors: LineErrors = field(default_factory=LineErrors)

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if k not in ("errors", "path")}

    @classmethod
    def from_json(cls, d: dict[str, Any], path: Path, errors: LineErrors) -> CodexReader:
        kept = {k: v for k, v in d.items() if k in cls.__dataclass_fields__}
        kept.pop("errors", None)
        return cls(**kept, path=str(path), errors=errors)

    def calls(self, lines: Iterator[Line]) -> Iterator[LoggedCall]:
        for line in lines:
            try:
                call = self._read(line)
            except ValueError as e:  # a malformed count: this line is counted, not imported
                self.errors.add(f"{self.path}:{line.number}", str(e))
                continue
            if call is not None:
                yield call

    def _read(self, line: Line) -> LoggedCall | None:
        entry = line.data
        kind = entry.get("type")
        payload = entry.get("payload")
        if not isinstance(payload, dict):
            return None
        inner = payload.get("type")
        if kind == "session_meta":
            self.session = str(payload.get("id") or payload.get("session_id") or "")
            self.project = str(payload.get("cwd") or "")
        elif kind == "turn_context":
            self.model = str(payload.get("model") or self.model)
        elif kind == "compacted" or inner in ("compaction", "context_compacted"):
            self.compacted = True
        elif kind == "token_usage_record" and isinstance(payload.get("usage"), dict):
            self.records = True
            # A response id is unique per provider, not across providers and proxies.
            key = f"{payload.get('response_id') or line.end}:{payload.get('turn_id') or ''}"
            return self._call(entry, payload["usage"], key)
        elif kind == "event_msg" and inner == "token_count" and not self.records:
            return self._from_token_count(entry, payload, line)
        return None

    def _from_token_count(
        self, entry: dict[str, Any], payload: dict[str, Any], line: Line
    ) -> LoggedCall | None:
        info = payload.get("info")
        if not isinstance(info, dict) or not isinstance(info.get("last_token_usage"), dict):
            return None
        total = info.get("total_token_usage")
        running = usage_count(total, "total_tokens") if isinstance(total, dict) else None
        if running is not None and running == self.last_total:
            return None  # the same response's usage, emitted again
        self.last_total = running
        return self._call(entry, info["last_token_usage"], f"tc{line.end}")

    def _call(self, entry: dict[str, Any], usage: Mapping[str, Any], key: str) -> LoggedCall:
        counted = usage_of(usage)  # first: a malformed line changes no state
        self.calls_seen += 1
        session = self.session or "unknown-session"
        call_id = "cx-" + hashlib.sha1(f"{session}:{key}".encode()).hexdigest()[:24]
        compacted, self.compacted = self.compacted, False
        return LoggedCall(
            id=call_id,
            source=SOURCE,
            session_id=session,
            ts=str(entry.get("timestamp") or ""),
            model=self.model or "unknown",
            usage=counted,
            api="openai-responses",
            provider="openai",
            project=self.project,
            compacted=compacted,
        )
