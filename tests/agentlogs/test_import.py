"""`promptlint import` on logs the real agents wrote (tests/data/agentlogs, made by
record_agents.py against the local upstream), and on edge cases cut from them."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from promptlint.agentlogs.importer import import_logs
from promptlint.cli import main
from promptlint.store import open_store
from promptlint.store.sql import SQLStore

DATA = Path(__file__).resolve().parent.parent / "data" / "agentlogs"
CLAUDE = DATA / "claude-code"
CODEX = DATA / "codex"
CLASSES = (
    "uncached_input_tokens",
    "cache_read_tokens",
    "cache_write_5m_tokens",
    "cache_write_1h_tokens",
    "output_tokens",
)


def _entries(root: Path) -> Iterator[dict[str, Any]]:
    for path in sorted(root.rglob("*.jsonl")):
        for line in path.read_text().splitlines():
            yield json.loads(line)


def claude_usage_in_logs(root: Path) -> dict[str, int]:
    """The token sums straight from the logs, counted as ccusage counts them: one per
    (message id, request id), no synthetic messages."""
    seen: set[tuple[str, str]] = set()
    sums = dict.fromkeys(CLASSES, 0)
    for e in _entries(root):
        msg = e.get("message") or {}
        if e.get("type") != "assistant" or "usage" not in msg or msg.get("model") == "<synthetic>":
            continue
        key = (msg["id"], e.get("requestId", ""))
        if key in seen:
            continue
        seen.add(key)
        u = msg["usage"]
        split = u.get("cache_creation") or {}
        sums["uncached_input_tokens"] += u["input_tokens"]
        sums["cache_read_tokens"] += u.get("cache_read_input_tokens", 0)
        sums["cache_write_5m_tokens"] += split.get("ephemeral_5m_input_tokens", 0)
        sums["cache_write_1h_tokens"] += split.get("ephemeral_1h_input_tokens", 0)
        sums["output_tokens"] += u["output_tokens"]
    return sums


def codex_usage_in_logs(root: Path) -> dict[str, int]:
    sums = dict.fromkeys(CLASSES, 0)
    for e in _entries(root):
        if e.get("type") != "token_usage_record":
            continue
        u = e["payload"]["usage"]
        sums["uncached_input_tokens"] += u["input_tokens"] - u["cached_input_tokens"]
        sums["cache_read_tokens"] += u["cached_input_tokens"]
        sums["output_tokens"] += u["output_tokens"]
    return sums


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The CLI as a user runs it: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as done:
        main(args)
    out = capsys.readouterr()
    return int(done.value.code or 0), out.out, out.err


def totals(store: SQLStore, source: str) -> dict[str, int]:
    cols = ", ".join(f"SUM({c})" for c in CLASSES)
    row = store.fetchall(f"SELECT {cols} FROM requests WHERE source = ?", (source,))[0]
    return {c: int(v or 0) for c, v in zip(CLASSES, row, strict=True)}


def causes(store: SQLStore, source: str) -> list[tuple[str, str, str, bool]]:
    """(model, cause, segment, exact) of each break, in time order."""
    rows = store.fetchall(
        "SELECT r.model, b.cause, b.segment, b.exact FROM breaks b JOIN requests r"
        " ON r.id = b.request_id WHERE r.source = ? ORDER BY r.ts, b.seq",
        (source,),
    )
    return [(m, c, s, bool(x)) for m, c, s, x in rows]


def test_claude_code_totals_equal_the_logs(store: SQLStore) -> None:
    summary = import_logs(store, "claude-code", [CLAUDE])
    assert summary.errors.count == 0 and not summary.unpriced
    assert totals(store, "claude-code") == claude_usage_in_logs(CLAUDE)
    # 8 runs of the agent: one call each, two for the run whose sub-agent answered (the
    # tool call and the answer after it) and one for the sub-agent; /compact's own
    # summarising call is not logged as a message.
    assert summary.written == 10


def test_claude_code_breaks_where_the_sessions_broke(store: SQLStore) -> None:
    import_logs(store, "claude-code", [CLAUDE])
    assert causes(store, "claude-code") == [
        ("claude-sonnet-4-6", "ttl-expired", "prompt", True),  # 6 min 40 s after the last call
        ("claude-opus-4-6", "param-change", "model", True),  # the switch to Opus
        # back to Sonnet: its entry is still alive and read in full, no break; the
        # replaced system prompt of print mode does not reach the cached prefix either
        ("claude-sonnet-4-6", "compaction", "messages", True),
    ]
    lost = store.fetchall(
        "SELECT b.lost_tokens, r.predicted_cached_tokens, r.cache_read_tokens FROM breaks b"
        " JOIN requests r ON r.id = b.request_id WHERE b.cause = 'ttl-expired'"
    )
    ((tokens, predicted, read),) = lost
    assert read == 0 and tokens == predicted > 20_000


def test_sub_agent_is_its_own_lineage(store: SQLStore) -> None:
    import_logs(store, "claude-code", [CLAUDE])
    sessions = {s["session_id"]: s for s in store.sessions()}
    subs = [k for k in sessions if "/" in k]
    assert len(subs) == 1
    main_id = subs[0].split("/")[0]
    sub = store.session_requests(subs[0])
    assert len(sub) == 1 and sub[0].parent_id is None and not sub[0].breaks
    # the main lineage's second call extends its first, undisturbed by the sub-agent
    first, second = store.session_requests(main_id)
    assert second.parent_id == first.id and not second.breaks
    assert second.cache_read_tokens == second.predicted_cached_tokens


def test_codex_totals_and_model_switch(store: SQLStore) -> None:
    summary = import_logs(store, "codex", [CODEX])
    assert summary.written == 4 and summary.errors.count == 0
    assert totals(store, "codex") == codex_usage_in_logs(CODEX)
    assert causes(store, "codex") == [("gpt-5.4-mini", "param-change", "model", True)]
    (project,) = store.fetchall("SELECT DISTINCT project FROM requests WHERE source = 'codex'")
    assert project == ("/home/user/api",)


def test_reimport_reads_nothing_and_writes_nothing(store: SQLStore) -> None:
    import_logs(store, "claude-code", [CLAUDE])
    before = store.count_requests()
    again = import_logs(store, "claude-code", [CLAUDE])
    assert again.written == 0 and again.bytes_read == 0
    assert again.files_unchanged == again.files == 3
    assert store.count_requests() == before


def _lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def main_log(tmp: Path) -> Path:
    """A copy of the main Claude Code session (the one with the breaks)."""
    src = max(CLAUDE.rglob("*.jsonl"), key=lambda p: p.stat().st_size)
    dst = tmp / "logs" / src.name
    dst.parent.mkdir(parents=True)
    shutil.copy(src, dst)
    return dst


def test_log_written_while_imported(store: SQLStore, tmp_path: Path) -> None:
    """Half a file, cut inside a line, then the rest appended: the same records and breaks
    as one import of the whole file, and the partial line is never half-read."""
    whole = main_log(tmp_path / "a")
    whole_store = open_store(str(tmp_path / "whole.db"))
    assert isinstance(whole_store, SQLStore)
    import_logs(whole_store, "claude-code", [whole])
    data = whole.read_bytes()
    growing = tmp_path / "b" / whole.name
    growing.parent.mkdir(parents=True)
    cut = data.index(b'"type":"assistant"', len(data) // 2) + 10  # inside an assistant line
    growing.write_bytes(data[:cut])
    first = import_logs(store, "claude-code", [growing])
    assert first.errors.count == 0
    growing.write_bytes(data)
    second = import_logs(store, "claude-code", [growing])
    assert second.errors.count == 0 and first.written + second.written == 7
    assert first.bytes_read + second.bytes_read == len(data)

    def snapshot(s: SQLStore) -> list[tuple[Any, ...]]:
        return s.fetchall(
            "SELECT r.id, r.parent_id, r.cache_read_tokens, r.predicted_cached_tokens,"
            " b.cause, b.lost_tokens FROM requests r LEFT JOIN breaks b ON b.request_id = r.id"
            " ORDER BY r.ts, r.id"
        )

    assert snapshot(store) == snapshot(whole_store)
    whole_store.close()


def test_rewritten_file_is_read_again(store: SQLStore, tmp_path: Path) -> None:
    log = main_log(tmp_path)
    import_logs(store, "claude-code", [log])
    lines = _lines_of(log)
    log.write_bytes(b'{"type":"summary","summary":"rewritten"}\n' + b"".join(lines))
    again = import_logs(store, "claude-code", [log])
    assert again.files_reread == 1 and again.written == 7  # the same ids: no duplicates
    assert store.count_requests() == 7


def test_unknown_entries_and_fields_are_passed_over(store: SQLStore, tmp_path: Path) -> None:
    log = main_log(tmp_path)
    lines = _lines_of(log)
    extra = [
        b'{"type":"some-future-entry","payload":{"x":1}}\n',
        b'{"type":"assistant","message":{"role":"assistant"},"note":"no usage"}\n',
    ]
    patched = []
    for line in lines:
        entry = json.loads(line)
        entry["aFieldFromTheFuture"] = {"nested": [1, 2]}
        patched.append(json.dumps(entry).encode() + b"\n")
    log.write_bytes(b"".join(extra + patched))
    summary = import_logs(store, "claude-code", [log])
    assert summary.errors.count == 0 and summary.written == 7


def test_older_log_without_request_shapes(store: SQLStore, tmp_path: Path) -> None:
    """Claude Code before 2.1 logged no api-request entries: the same calls, the same
    breaks that need no shape (TTL, model, compaction)."""
    log = main_log(tmp_path)
    kept = [ln for ln in _lines_of(log) if b'"type":"api-request' not in ln]
    log.write_bytes(b"".join(kept))
    summary = import_logs(store, "claude-code", [log])
    assert summary.written == 7
    assert [c for _, c, _, _ in causes(store, "claude-code")] == [
        "ttl-expired",
        "param-change",
        "compaction",
    ]


def test_unreadable_line_is_counted_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = main_log(tmp_path)
    lines = _lines_of(log)
    lines.insert(3, b'{"type":"assistant","message":{"usage": {\n')  # cut short
    log.write_bytes(b"".join(lines))
    db = tmp_path / "r.db"
    code, out, err = run(["import", "claude-code", str(log.parent), "--store", str(db)], capsys)
    assert code == 2 and out.startswith("claude-code: 7 calls imported")
    assert "1 log lines could not be read (the rest was imported)" in err
    assert f"{log}:4: not JSON" in err
    assert len(err.strip().splitlines()) == 1
    with open_store(str(db)) as s:
        assert s.count_requests() == 7  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("agent", "field", "bad"),
    [("claude-code", "input_tokens", -4), ("codex", "input_tokens", "lots")],
)
def test_a_malformed_usage_count_is_counted_and_said(
    agent: str, field: str, bad: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A count that is not a whole number >= 0 is not read as 0: its line is counted as
    unreadable and named, the other calls are imported, and the exit code says so."""
    if agent == "codex":
        (src,) = CODEX.rglob("*.jsonl")
        lines = _lines_of(src)
        at = next(i for i, ln in enumerate(lines) if b'"token_usage_record"' in ln)
        entry = json.loads(lines[at])
        entry["payload"]["usage"][field] = bad
        log = tmp_path / "sessions" / src.name
        log.parent.mkdir(parents=True)
        calls_left = 3
    else:
        log = main_log(tmp_path)
        lines = _lines_of(log)
        at = next(i for i, ln in enumerate(lines) if b'"usage"' in ln and b'"assistant"' in ln)
        entry = json.loads(lines[at])
        entry["message"]["usage"][field] = bad
        calls_left = 6
    lines[at] = json.dumps(entry).encode() + b"\n"
    log.write_bytes(b"".join(lines))
    db = tmp_path / "r.db"
    code, out, err = run(["import", agent, str(log.parent), "--store", str(db)], capsys)
    assert code == 2 and out.startswith(f"{agent}: {calls_left} calls imported")
    assert "1 log lines could not be read (the rest was imported)" in err
    assert f"{log}:{at + 1}: usage field {field!r}" in err
    assert len(err.strip().splitlines()) == 1
    with open_store(str(db)) as s:
        assert s.count_requests() == calls_left  # type: ignore[attr-defined]


def test_codex_older_token_count_events(store: SQLStore, tmp_path: Path) -> None:
    """Codex before 0.17 logged only token_count events, each twice: counted once."""
    (src,) = CODEX.rglob("*.jsonl")
    dst = tmp_path / "sessions" / src.name
    dst.parent.mkdir(parents=True)
    out = []
    for line in _lines_of(src):
        if b'"token_usage_record"' in line:
            continue
        out.append(line)
        if b'"token_count"' in line:
            out.append(line)  # the repeat older versions wrote
    dst.write_bytes(b"".join(out))
    summary = import_logs(store, "codex", [dst.parent])
    assert summary.written == 4
    assert totals(store, "codex") == codex_usage_in_logs(CODEX)


def test_codex_ttl_gap(store: SQLStore, tmp_path: Path) -> None:
    """Codex's clock cannot be moved from outside (a static binary), so the pause is made
    here: everything after the second call moves 20 minutes on, and the third call reads
    nothing, as the provider's would after its entry expired."""
    (src,) = CODEX.rglob("*.jsonl")
    lines = _lines_of(src)
    records = [i for i, ln in enumerate(lines) if b'"token_usage_record"' in ln]
    shifted = []
    for i, line in enumerate(lines):
        entry = json.loads(line)
        if i > records[1]:
            ts = datetime.fromisoformat(entry["timestamp"].replace("Z", "+00:00"))
            entry["timestamp"] = (ts + timedelta(minutes=20)).isoformat()
        if i == records[2]:
            entry["payload"]["usage"]["cached_input_tokens"] = 0
        shifted.append(json.dumps(entry).encode() + b"\n")
    dst = tmp_path / src.name
    dst.write_bytes(b"".join(shifted))
    import_logs(store, "codex", [dst])
    assert causes(store, "codex") == [
        ("gpt-5.4", "ttl-expired", "prompt", True),
        ("gpt-5.4-mini", "param-change", "model", True),
    ]


def test_cli_import_then_report_by_agent_and_sessions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "r.db")
    code, out, _ = run(["import", "claude-code", str(CLAUDE), "--store", db], capsys)
    assert code == 0 and out.startswith("claude-code: 10 calls imported from 3 files")
    code, out, _ = run(["import", "codex", str(CODEX), "--store", db, "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["written"] == 4
    code, out, _ = run(["report", "--store", db, "--by", "agent", "--format", "json"], capsys)
    rows = {r["agent"]: r for r in json.loads(out)["rows"]}
    assert code == 0 and set(rows) == {"claude-code", "codex"}
    assert rows["codex"]["requests"] == 4 and rows["claude-code"]["requests"] == 10
    code, out, _ = run(["report", "--store", db, "--by", "project", "--format", "json"], capsys)
    assert {r["project"] for r in json.loads(out)["rows"]} == {
        "/home/user/webapp",
        "/home/user/api",
    }
    code, out, _ = run(["sessions", "--store", db, "--format", "json"], capsys)
    assert code == 0 and len(json.loads(out)["sessions"]) == 4


def test_cli_bad_path_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "x.db"
    code, _, err = run(["import", "codex", str(tmp_path / "nope"), "--store", str(db)], capsys)
    assert code == 2 and "no such file or folder" in err
    assert len(err.strip().splitlines()) == 1
    assert not db.exists()  # a mistyped path leaves no empty store behind


def test_filtered_import_keeps_no_progress(store: SQLStore) -> None:
    part = import_logs(store, "codex", [CODEX], project="webapp")
    assert part.written == 0 and part.filtered == 4
    full = import_logs(store, "codex", [CODEX])
    assert full.written == 4  # the filtered run did not mark the file as read


def test_report_from_agent_imports_its_folder_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    shutil.copytree(CLAUDE, home / ".claude" / "projects")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    db = str(tmp_path / "r.db")
    args = ["report", "--from", "claude-code", "--store", db, "--by", "session", "--format", "json"]
    code, out, err = run(args, capsys)
    assert code == 0 and err.startswith("claude-code: 10 calls imported from 3 files")
    assert len(json.loads(out)["rows"]) == 3
    code, out, err = run(args, capsys)  # again: nothing new is read
    assert code == 0 and err.startswith("claude-code: 0 calls imported from 3 files (3 unchanged")


def test_since_leaves_out_earlier_calls(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "r.db")
    args = ["import", "claude-code", str(CLAUDE), "--store", db, "--format", "json"]
    code, out, _ = run([*args, "--since", "2026-12-01T09:39:00Z"], capsys)
    summary = json.loads(out)
    # the first session's two calls before the pause are left out; their successor keeps
    # no parent that is not in the store
    assert code == 0 and summary["written"] == 8 and summary["filtered"] == 2
    with open_store(db) as s:
        assert isinstance(s, SQLStore)
        orphans = s.fetchall(
            "SELECT COUNT(*) FROM requests r WHERE parent_id IS NOT NULL"
            " AND NOT EXISTS (SELECT 1 FROM requests p WHERE p.id = r.parent_id)"
        )
        assert orphans == [(0,)]
