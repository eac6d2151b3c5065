"""Gemini CLI's chat logs: `~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl`.

Since 0.4x the CLI appends one JSON line per change: the session's metadata first
(`sessionId`, `kind`), then each message as it is recorded, again whenever it changes
(the same `id`: its tokens arrive, its tool calls complete), and `$set` updates — of the
metadata, or of the whole message list (`{"$set": {"messages": [...]}}`) when the
conversation is resumed or its history replaced; `$rewindTo` cuts it back. A model call
is a `gemini` message with `tokens` (`input` = promptTokenCount, cached included;
`cached`, `output`, `thoughts`, `tool`): counted once per message id. A sub-agent writes
`chats/<parent session>/<session>.jsonl` (`kind: subagent`) and is its own lineage
`<parent>/<session>`, never a break of the main one. Unknown record kinds and fields are
passed over, so older and newer versions read alike.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from promptlint.agentlogs.calls import LoggedCall
from promptlint.agentlogs.jsonl import Line, LineErrors
from promptlint.store.timefmt import parse_ts
from promptlint.wire.usage import Usage, normalize_usage

SOURCE = "gemini-cli"
# Every record kind the reader uses holds one of these; `lastUpdated`-only `$set` lines
# (half of a log) are passed over unparsed.
WANTED = (b'"sessionId"', b'"gemini"', b'"messages"', b'"$rewindTo"')
SEEN_KEPT = 64  # a message is written again soon after it changed, never much later


def usage_of(tokens: Mapping[str, Any]) -> Usage:
    """The CLI's `tokens` are the response's usageMetadata under short names."""
    return normalize_usage(
        {
            "promptTokenCount": tokens.get("input", 0),
            "cachedContentTokenCount": tokens.get("cached", 0),
            "candidatesTokenCount": tokens.get("output", 0),
            "thoughtsTokenCount": tokens.get("thoughts", 0),
            "toolUsePromptTokenCount": tokens.get("tool", 0),
        },
        "gemini",
    )


def project_of(path: Path) -> str:
    """The project folder the CLI keeps beside the chats (`<project>/.project_root`)."""
    for parent in path.parents[:3]:
        marker = parent / ".project_root"
        if marker.is_file():
            try:
                return marker.read_text(encoding="utf-8").strip()
            except (OSError, UnicodeDecodeError):
                return ""
    return ""


@dataclass
class GeminiCliReader:
    """Turns one chat file's lines into calls; its state carries over between imports."""

    session: str = ""
    lineage: str = ""
    project: str = ""
    # The ids of the model's messages in the conversation as the log last showed it (user
    # lines are passed over unparsed): a `$set` of the messages that does not extend them
    # replaced the history (compression, rewind).
    history: dict[str, None] = field(default_factory=dict)  # in order
    rewritten: str = ""  # "compaction" | "rewind" since the lineage's last call
    seen: dict[str, None] = field(default_factory=dict)  # message ids counted, newest last
    parent: str = ""  # a sub-agent's file lies in a folder named after its parent session
    path: str = ""
    errors: LineErrors = field(default_factory=LineErrors)

    def to_json(self) -> dict[str, Any]:
        d = {k: v for k, v in vars(self).items() if k not in ("errors", "path")}
        d["history"] = list(self.history)
        d["seen"] = list(self.seen)[-SEEN_KEPT:]
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any], path: Path, errors: LineErrors) -> GeminiCliReader:
        if not d:
            parent = path.parent.name if path.parent.name != "chats" else ""
            return cls(project=project_of(path), parent=parent, path=str(path), errors=errors)
        reader = cls(
            session=str(d.get("session", "")),
            lineage=str(d.get("lineage", "")),
            project=str(d.get("project", "")),
            rewritten=str(d.get("rewritten", "")),
            parent=str(d.get("parent", "")),
            path=str(path),
            errors=errors,
        )
        reader.history = dict.fromkeys(str(i) for i in d.get("history", []))
        reader.seen = dict.fromkeys(str(i) for i in d.get("seen", []))
        return reader

    def calls(self, lines: Iterator[Line]) -> Iterator[LoggedCall]:
        for line in lines:
            entry = line.data
            if "sessionId" in entry and "kind" in entry:
                self._start(entry)
            elif "$set" in entry:
                messages = (
                    entry["$set"].get("messages") if isinstance(entry["$set"], dict) else None
                )
                if isinstance(messages, list):
                    yield from self._replace(messages, line.number)
            elif "$rewindTo" in entry:
                ids = list(self.history)
                target = str(entry["$rewindTo"])
                if target in self.history:
                    self.history = dict.fromkeys(ids[: ids.index(target)])
                    self.rewritten = self.rewritten or "rewind"
            elif "id" in entry and "type" in entry:
                call = self._message(entry, line.number)
                if call is not None:
                    yield call

    def _start(self, meta: Mapping[str, Any]) -> None:
        session = str(meta.get("sessionId") or "")
        if session != self.session:
            self.session = session
            self.history = {}
        self.lineage = f"{self.parent}/{session}" if meta.get("kind") == "subagent" else session
        dirs = meta.get("directories")
        if not self.project and isinstance(dirs, list) and dirs:
            self.project = str(dirs[0])

    def _replace(self, messages: list[Any], number: int) -> Iterator[LoggedCall]:
        ids = [
            str(m.get("id")) for m in messages if isinstance(m, dict) and m.get("type") == "gemini"
        ]
        if ids[: len(self.history)] != list(self.history):
            # Resuming sets the same history again, extended; anything else replaced it:
            # new messages in it are a summary (compression), none a cut (rewind, rollback).
            new = any(i not in self.history for i in ids)
            self.rewritten = "compaction" if new else "rewind"
        self.history = dict.fromkeys(ids)
        for m in messages:
            if isinstance(m, dict):
                call = self._message(m, number)
                if call is not None:
                    yield call

    def _message(self, m: Mapping[str, Any], number: int) -> LoggedCall | None:
        mid = str(m.get("id"))
        if m.get("type") != "gemini":
            return None
        self.history.setdefault(mid, None)
        tokens = m.get("tokens")
        if not isinstance(tokens, Mapping) or mid in self.seen:
            return None
        ts = str(m.get("timestamp") or "")
        try:
            parse_ts(ts)
            usage = usage_of(tokens)
        except ValueError as e:
            self.errors.add(f"{self.path}:{number}", f"message {mid}: {e}")
            return None
        self.seen[mid] = None
        while len(self.seen) > SEEN_KEPT:
            del self.seen[next(iter(self.seen))]
        lineage = self.lineage or self.session or "unknown-session"
        rewritten, self.rewritten = self.rewritten, ""
        return LoggedCall(
            id="gm-" + hashlib.sha1(f"{self.session}:{mid}".encode()).hexdigest()[:24],
            source=SOURCE,
            session_id=lineage,
            ts=ts,
            model=str(m.get("model") or "unknown"),
            usage=usage,
            api="gemini",
            provider="gemini",
            project=self.project,
            compacted=rewritten == "compaction",
            rewound=rewritten == "rewind",
        )
