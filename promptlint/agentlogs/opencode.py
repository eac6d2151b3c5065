"""opencode's store: SQLite `~/.local/share/opencode/opencode.db` (1.x).

Each model call is one `assistant` row of table `message` (one per step: a turn that
calls tools is several rows), its JSON `data` holding `tokens` — `input` (the uncached
part), `output` (without reasoning), `reasoning`, `cache.read`, `cache.write` — with
`modelID`, `providerID`, `time.created` (ms) and `path.cwd`. opencode inserts the row when
the call starts and fills it when the call ends (`time.completed`, or `error`): a session's
last row still running is left for the next import. A compaction is an assistant row with
`summary: true` (the summarising call itself, counted like any other): the call after it
starts a new prefix. A sub-agent (the `task` tool) runs in a child session
(`session.parent_id`) and is its own lineage `<parent>/<child>`. Cache writes carry no
TTL split: they are counted as 5-minute writes (opencode asks Anthropic for the default).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from promptlint.agentlogs.calls import LoggedCall
from promptlint.agentlogs.jsonl import LineErrors
from promptlint.wire.usage import Usage

SOURCE = "opencode"
BATCH_ROWS = 2000
# opencode's provider ids, as the price catalog names the providers.
PROVIDERS = {"google": "gemini", "google-vertex": "gemini", "amazon-bedrock": "bedrock"}


@dataclass
class Row:
    rowid: int
    id: str
    session_id: str
    parent_session: str | None
    data: dict[str, Any]
    last_of_session: bool  # no later row of its session yet


def _count(tokens: Mapping[str, Any], *keys: str) -> int:
    value: Any = tokens
    for key in keys:
        value = value.get(key, 0) if isinstance(value, Mapping) else 0
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"tokens.{'.'.join(keys)} is not a count: {value!r}")
    return value


def usage_of(tokens: Mapping[str, Any]) -> Usage:
    return Usage(
        uncached_input_tokens=_count(tokens, "input"),
        cache_read_tokens=_count(tokens, "cache", "read"),
        cache_write_5m_tokens=_count(tokens, "cache", "write"),
        output_tokens=_count(tokens, "output") + _count(tokens, "reasoning"),
    )


def open_db(path: Path) -> sqlite3.Connection:
    """Read-only: the import never writes the agent's store (opencode may be running)."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
    db.execute("PRAGMA query_only = 1")
    return db


def first_row(db: sqlite3.Connection) -> str:
    """What identifies the store across imports: its first message's id (a new store at
    the same path has another)."""
    row = db.execute("SELECT id FROM message ORDER BY rowid LIMIT 1").fetchone()
    return "" if row is None else str(row[0])


def rows_after(db: sqlite3.Connection, rowid: int) -> Iterator[Row]:
    """The assistant rows past `rowid`, in insertion order, in batches (never all at once)."""
    query = (
        "SELECT m.rowid, m.id, m.session_id, s.parent_id, m.data,"
        " NOT EXISTS (SELECT 1 FROM message n WHERE n.session_id = m.session_id"
        "             AND n.rowid > m.rowid)"
        " FROM message m LEFT JOIN session s ON s.id = m.session_id"
        " WHERE m.rowid > ? AND m.data LIKE '%\"assistant\"%'"
        " ORDER BY m.rowid LIMIT ?"
    )
    while True:
        batch = db.execute(query, (rowid, BATCH_ROWS)).fetchall()
        for rid, mid, session, parent, text, last in batch:
            rowid = int(rid)
            try:
                data = json.loads(text)
            except (ValueError, TypeError):
                data = None
            if not isinstance(data, dict):
                data = {"_unreadable": text}
            yield Row(rowid, str(mid), str(session), parent, data, bool(last))
        if len(batch) < BATCH_ROWS:
            return


@dataclass
class OpencodeReader:
    """Turns store rows into calls; its state carries over between imports."""

    compacted: list[str] = field(default_factory=list)  # sessions compacted since their last call
    path: str = ""
    errors: LineErrors = field(default_factory=LineErrors)
    read_to: int = 0  # the rowid of the last row read; a running call is read again later
    rows: int = 0  # rows read by this import

    def to_json(self) -> dict[str, Any]:
        return {"compacted": sorted(self.compacted)}

    @classmethod
    def from_json(cls, d: dict[str, Any], path: Path, errors: LineErrors) -> OpencodeReader:
        return cls(compacted=list(d.get("compacted", [])), path=str(path), errors=errors)

    def calls(self, rows: Iterator[Row]) -> Iterator[LoggedCall]:
        for row in rows:
            data = row.data
            self.rows += 1
            if "_unreadable" in data:
                self.errors.add(f"{self.path}: message {row.id}", "data is not a JSON object")
                self.read_to = row.rowid
                continue
            if data.get("role") != "assistant":
                self.read_to = row.rowid
                continue
            time = data.get("time")
            time = time if isinstance(time, dict) else {}
            done = "completed" in time or "error" in data
            if not done and row.last_of_session:
                return  # still running: its tokens are not in yet, nor are later rows read
            lineage = (
                f"{row.parent_session}/{row.session_id}" if row.parent_session else row.session_id
            )
            call = self._call(row, data, time, lineage)
            if data.get("summary") is True and lineage not in self.compacted:
                self.compacted.append(lineage)
            if call is not None:
                yield call
            self.read_to = row.rowid

    def _call(
        self, row: Row, data: Mapping[str, Any], time: Mapping[str, Any], lineage: str
    ) -> LoggedCall | None:
        tokens = data.get("tokens")
        try:
            created = time.get("created")
            if not isinstance(created, int | float) or isinstance(created, bool):
                raise ValueError(f"time.created is not a time: {created!r}")
            ts = datetime.fromtimestamp(created / 1000, timezone.utc)
            usage = usage_of(tokens if isinstance(tokens, Mapping) else {})
        except (ValueError, OverflowError, OSError) as e:
            self.errors.add(f"{self.path}: message {row.id}", str(e))
            return None
        if usage.input_tokens == 0 and usage.output_tokens == 0:
            return None  # a call that failed before the provider answered: nothing billed
        compacted = lineage in self.compacted and data.get("summary") is not True
        if compacted:
            self.compacted.remove(lineage)
        provider = str(data.get("providerID") or "")
        cwd = data.get("path", {}).get("cwd") if isinstance(data.get("path"), dict) else None
        return LoggedCall(
            id="oc-" + hashlib.sha1(row.id.encode()).hexdigest()[:24],
            source=SOURCE,
            session_id=lineage,
            ts=ts.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            model=str(data.get("modelID") or "unknown"),
            usage=usage,
            api="other",
            provider=PROVIDERS.get(provider, provider),
            project=str(cwd or ""),
            compacted=compacted,
        )
