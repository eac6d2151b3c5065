"""Import agents' logs into a store: streamed, resumable, idempotent.

Each file's progress is kept in the store (`import_files`: its size, how far it was read,
a digest of its head, and the reader's state — the last call of each lineage, the shapes
seen), so a re-import reads only the lines added since, and a file rewritten in place is
read again from its start. An agent that keeps a SQLite store (opencode) is read the same
way by row: the last row read and the store's first row stand for offset and head. Record
ids come from the agent's own ids, so reading a line twice writes the same record twice,
not two records.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from promptlint.agentlogs import claude_code, codex, gemini_cli, opencode
from promptlint.agentlogs.calls import LineageState, LoggedCall, Pricing, is_after, to_record
from promptlint.agentlogs.jsonl import JsonLines, LineErrors, file_head, same_head
from promptlint.errors import UserError
from promptlint.store.records import RequestRecord
from promptlint.store.sql import SQLStore

BATCH = 1000


class Reader(Protocol):
    def calls(self, lines: Iterator[Any]) -> Iterator[LoggedCall]: ...

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Agent:
    name: str
    wanted: tuple[bytes, ...]
    pattern: str  # glob of log files under the agent's folder
    sqlite: bool = False  # one SQLite store, read by row, instead of JSON-lines files

    def reader(self, state: dict[str, Any] | None, path: Path, errors: LineErrors) -> Reader:
        if self.name == claude_code.SOURCE:
            return claude_code.ClaudeCodeReader.from_json(state or {}, path, errors)
        if self.name == gemini_cli.SOURCE:
            return gemini_cli.GeminiCliReader.from_json(state or {}, path, errors)
        return codex.CodexReader.from_json(state or {}, path, errors)

    def default_roots(self) -> list[Path]:
        home = Path.home()
        if self.name == claude_code.SOURCE:
            env = os.environ.get("CLAUDE_CONFIG_DIR")
            bases = [Path(p) for p in env.split(",")] if env else [home / ".claude"]
            bases += [] if env else [home / ".config" / "claude"]
            return [b / "projects" for b in bases]
        if self.name == gemini_cli.SOURCE:
            # The CLI's own override of its home (`GEMINI_CLI_HOME`), as the CLI reads it.
            # (macOS's sandbox-exec mode keeps it under ~/.cache instead).
            base = Path(os.environ.get("GEMINI_CLI_HOME") or home)
            return [base / ".gemini" / "tmp", base / ".cache" / ".gemini" / "tmp"]
        if self.name == opencode.SOURCE:
            if os.environ.get("OPENCODE_DB"):
                return [Path(os.environ["OPENCODE_DB"])]
            data = os.environ.get("XDG_DATA_HOME") or str(home / ".local" / "share")
            return [Path(data) / "opencode"]
        return [Path(os.environ.get("CODEX_HOME") or home / ".codex") / "sessions"]


AGENTS = {
    claude_code.SOURCE: Agent(claude_code.SOURCE, claude_code.WANTED, "**/*.jsonl"),
    codex.SOURCE: Agent(codex.SOURCE, codex.WANTED, "**/rollout-*.jsonl"),
    gemini_cli.SOURCE: Agent(gemini_cli.SOURCE, gemini_cli.WANTED, "*/chats/**/*.jsonl"),
    # opencode.db, and the per-channel stores of other release channels (opencode-*.db).
    opencode.SOURCE: Agent(opencode.SOURCE, (), "opencode*.db", sqlite=True),
}


@dataclass
class ImportSummary:
    agent: str
    files: int = 0
    files_unchanged: int = 0
    files_reread: int = 0  # rewritten in place since the last import: read from the start
    bytes_read: int = 0
    rows_read: int = 0  # an SQLite store's rows, instead of bytes
    calls: int = 0
    written: int = 0
    filtered: int = 0  # left out by --since / --project
    unpriced: dict[str, int] = field(default_factory=dict)
    errors: LineErrors = field(default_factory=LineErrors)

    def as_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "files": self.files,
            "files_unchanged": self.files_unchanged,
            "files_reread": self.files_reread,
            "bytes_read": self.bytes_read,
            "rows_read": self.rows_read,
            "calls": self.calls,
            "written": self.written,
            "filtered": self.filtered,
            "unpriced_models": dict(sorted(self.unpriced.items())),
            "unreadable_lines": self.errors.count,
            "first_unreadable": self.errors.first,
        }

    def line(self) -> str:
        read = f"{self.bytes_read:,} bytes read"
        if self.rows_read or AGENTS[self.agent].sqlite:
            read = f"{self.rows_read:,} rows read"
        text = (
            f"{self.agent}: {self.written} calls imported from {self.files} files"
            f" ({self.files_unchanged} unchanged, {read})"
        )
        if self.filtered:
            text += f"; {self.filtered} left out by --since/--project"
        if self.unpriced:
            names = ", ".join(f"{m} ({n})" for m, n in sorted(self.unpriced.items()))
            text += f"; NO PRICE for {names}: their cost shows as $0"
        return text


def log_files(agent: Agent, paths: list[Path]) -> list[Path]:
    roots = paths or agent.default_roots()
    found: list[Path] = []
    for root in roots:
        if root.is_file():
            found.append(root)
        elif root.is_dir():
            found.extend(p for p in root.glob(agent.pattern) if p.is_file())
        elif paths:
            raise UserError(f"{root}: no such file or folder")
    if not found and not paths:
        where = ", ".join(str(r) for r in roots)
        raise UserError(f"no {agent.name} logs under {where}: pass the folder as PATH")
    return sorted(set(found))


def _file_row(store: SQLStore, path: str) -> tuple[int, int, str, str] | None:
    rows = store.fetchall(
        "SELECT size, read_to, head, state FROM import_files WHERE path = ?", (path,)
    )
    return None if not rows else (int(rows[0][0]), int(rows[0][1]), rows[0][2], rows[0][3])


def import_logs(
    store: SQLStore,
    agent_name: str,
    paths: list[Path],
    *,
    since: datetime | None = None,
    project: str | None = None,
) -> ImportSummary:
    """Read `paths` (default: the agent's own folder) into `store`.

    A filtered import (`since`, `project`) writes only the calls it selects and keeps no
    progress, so a later full import still reads everything.
    """
    agent = AGENTS[agent_name]
    summary = ImportSummary(agent_name)
    pricing = Pricing()
    keep_progress = since is None and project is None
    for path in log_files(agent, paths):
        summary.files += 1
        try:
            if agent.sqlite:
                _import_db(store, agent, path, summary, pricing, since, project)
                continue
            size = path.stat().st_size
            key = str(path.resolve())
            row = _file_row(store, key) if keep_progress else None
            start, state = 0, None
            if row is not None:
                _, read_to, head, state_text = row
                if size >= read_to and same_head(path, head):
                    if size == read_to:
                        summary.files_unchanged += 1
                        continue
                    start, state = read_to, json.loads(state_text)
                else:
                    summary.files_reread += 1
            read_to, state = _import_file(
                store, agent, path, start, state, summary, pricing, since, project
            )
            if keep_progress:
                _save_progress(store, key, agent.name, file_head(path, read_to), read_to, state)
        except OSError as e:
            raise UserError(f"{path}: cannot read ({e.strerror or e})") from None
        except sqlite3.DatabaseError as e:
            raise UserError(f"{path}: not an opencode store ({e})") from None
    summary.unpriced = pricing.unpriced
    return summary


def _import_file(
    store: SQLStore,
    agent: Agent,
    path: Path,
    start: int,
    state: dict[str, Any] | None,
    summary: ImportSummary,
    pricing: Pricing,
    since: datetime | None,
    project: str | None,
) -> tuple[int, dict[str, Any]]:
    """Import one file from byte `start`; (where reading stopped, the state there)."""
    state = state or {}
    reader = agent.reader(state.get("reader"), path, summary.errors)
    lineages = {k: LineageState.from_json(v) for k, v in state.get("lineages", {}).items()}
    lines = JsonLines(path, start, agent.wanted, summary.errors)
    _write_calls(store, reader.calls(iter(lines)), lineages, summary, pricing, since, project)
    summary.bytes_read += lines.read_to - start
    lineage_state = {k: v.to_json() for k, v in lineages.items()}
    return lines.read_to, {"reader": reader.to_json(), "lineages": lineage_state}


def _write_calls(
    store: SQLStore,
    calls: Iterator[LoggedCall],
    lineages: dict[str, LineageState],
    summary: ImportSummary,
    pricing: Pricing,
    since: datetime | None,
    project: str | None,
) -> None:
    batch: list[RequestRecord] = []
    for call in calls:
        summary.calls += 1
        prev = lineages.get(call.session_id)
        record, lineages[call.session_id] = to_record(call, prev, pricing)
        if not is_after(call.ts, since) or (project and project not in call.project):
            summary.filtered += 1
            continue
        if prev is not None and not is_after(prev.ts, since):
            record.parent_id = None  # its parent lies before --since and is not written
        batch.append(record)
        if len(batch) >= BATCH:
            store.write(batch)
            summary.written += len(batch)
            batch = []
    store.write(batch)
    summary.written += len(batch)


def _import_db(
    store: SQLStore,
    agent: Agent,
    path: Path,
    summary: ImportSummary,
    pricing: Pricing,
    since: datetime | None,
    project: str | None,
) -> None:
    """Import an agent's SQLite store from the row after the last one read.

    The progress is the last row's rowid and id, and the store's first message as its
    head: if that row is gone or another (rows deleted and their rowids reused, or a new
    store at the path), the store is read again from its start — by id, without
    duplicates.
    """
    keep_progress = since is None and project is None
    key = str(path.resolve())
    if not path.is_file():
        raise UserError(f"{path}: no such file")
    db = opencode.open_db(path)
    try:
        head = opencode.first_row(db)
        row = _file_row(store, key) if keep_progress else None
        start, state = 0, {}
        if row is not None:
            _, read_to, old_head, state_text = row
            saved = json.loads(state_text)
            at = db.execute("SELECT id FROM message WHERE rowid = ?", (read_to,)).fetchone()
            if old_head == head and (read_to == 0 or (at and at[0] == saved.get("last_id"))):
                start, state = read_to, saved
            else:
                summary.files_reread += 1
        reader = opencode.OpencodeReader.from_json(state.get("reader", {}), path, summary.errors)
        reader.read_to = start
        lineages = {k: LineageState.from_json(v) for k, v in state.get("lineages", {}).items()}
        rows = opencode.rows_after(db, start)
        _write_calls(store, reader.calls(rows), lineages, summary, pricing, since, project)
        if reader.read_to == start:
            summary.files_unchanged += 1
        summary.rows_read += reader.rows
        if not keep_progress:
            return
        at = db.execute("SELECT id FROM message WHERE rowid = ?", (reader.read_to,)).fetchone()
        new_state = {
            "reader": reader.to_json(),
            "lineages": {k: v.to_json() for k, v in lineages.items()},
            "last_id": at[0] if at else None,
        }
    finally:
        db.close()
    _save_progress(store, key, agent.name, head, reader.read_to, new_state)


def _save_progress(
    store: SQLStore, key: str, agent: str, head: str, read_to: int, state: dict[str, Any]
) -> None:
    store.execute("DELETE FROM import_files WHERE path = ?", (key,))
    store.execute(
        "INSERT INTO import_files (path, source, size, read_to, head, state)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (key, agent, read_to, read_to, head, json.dumps(state, separators=(",", ":"))),
    )
