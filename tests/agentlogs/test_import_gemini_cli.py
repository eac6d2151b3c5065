"""`promptlint import gemini-cli` on the chat logs the real Gemini CLI 0.61.0 wrote
(tests/data/agentlogs/gemini-cli, made by record_agents.py against the local upstream's
Gemini API), and on edge cases cut from them."""

from __future__ import annotations

import json
import shutil
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from promptlint.agentlogs.importer import import_logs
from promptlint.store import open_store
from promptlint.store.sql import SQLStore
from promptlint.store.timefmt import parse_ts
from tests.agentlogs.test_import import CLASSES, causes, run, totals

GEMINI = Path(__file__).resolve().parent.parent / "data" / "agentlogs" / "gemini-cli"
CHATS = GEMINI / "notes" / "chats"


def _main_log() -> Path:
    """The session resumed four times (the largest file)."""
    return max(CHATS.glob("session-*.jsonl"), key=lambda p: p.stat().st_size)


def gemini_usage_in_logs(root: Path) -> dict[str, int]:
    """The token sums straight from the logs: each model message's `tokens` once per
    (session, message id), wherever it is written (its own line or a `$set` of the list)."""
    seen: set[tuple[str, str]] = set()
    sums = dict.fromkeys(CLASSES, 0)
    for path in sorted(root.rglob("*.jsonl")):
        session = ""
        for line in path.read_text().splitlines():
            entry = json.loads(line)
            if "sessionId" in entry and "kind" in entry:
                session = entry["sessionId"]
            messages = (entry.get("$set") or {}).get("messages") or [entry]
            for m in messages:
                if m.get("type") != "gemini" or not m.get("tokens"):
                    continue
                if (session, m["id"]) in seen:
                    continue
                seen.add((session, m["id"]))
                t = m["tokens"]
                sums["uncached_input_tokens"] += t["input"] - t["cached"] + t["tool"]
                sums["cache_read_tokens"] += t["cached"]
                sums["output_tokens"] += t["output"] + t["thoughts"]
    return sums


def test_totals_equal_the_logs(store: SQLStore) -> None:
    summary = import_logs(store, "gemini-cli", [GEMINI])
    assert summary.errors.count == 0 and not summary.unpriced
    assert totals(store, "gemini-cli") == gemini_usage_in_logs(GEMINI)
    # 6 runs: one call each, two for the run whose tool call started the sub-agent, and
    # the sub-agent's two (its answer, and the one after the CLI's "call complete_task").
    assert summary.written == 9
    # The CLI writes a message again when its tool calls complete: counted once.
    lines = [ln for p in CHATS.rglob("*.jsonl") for ln in p.read_text().splitlines()]
    with_tokens = [ln for ln in lines if '"type":"gemini"' in ln and '"tokens":{' in ln]
    assert len(with_tokens) > summary.written


def test_breaks_where_the_session_broke(store: SQLStore) -> None:
    import_logs(store, "gemini-cli", [GEMINI])
    assert causes(store, "gemini-cli") == [
        # 11 min 40 s later the upstream had dropped the prefix; Gemini's implicit cache
        # states no lifetime, so the log cannot say why: inferred, not exact
        ("gemini-2.5-flash", "provider-miss", "prompt", False),
        ("gemini-2.5-pro", "param-change", "model", True),  # the switch to Pro
        # back to Flash: its entry is read in full, no break
    ]
    (note,) = store.fetchall("SELECT note FROM breaks WHERE cause = 'provider-miss'")
    assert "the log shows no change before this call" in note[0]
    back = store.fetchall(
        "SELECT cache_read_tokens, predicted_cached_tokens FROM requests"
        " WHERE source = 'gemini-cli' ORDER BY ts"
    )[4]
    assert back[0] == back[1] > 8000


def test_sub_agent_is_its_own_lineage(store: SQLStore) -> None:
    import_logs(store, "gemini-cli", [GEMINI])
    subs = [s["session_id"] for s in store.sessions() if "/" in s["session_id"]]
    assert len(subs) == 1
    parent, child = subs[0].split("/")
    assert (CHATS / parent / f"{child}.jsonl").is_file()
    calls = store.session_requests(subs[0])
    assert [c.model for c in calls] == ["gemini-2.5-pro"] * 2
    assert calls[0].parent_id is None and not calls[0].breaks
    projects = store.fetchall("SELECT DISTINCT project FROM requests WHERE source = 'gemini-cli'")
    assert projects == [("/home/user/notes",)]


def test_reimport_reads_nothing(store: SQLStore) -> None:
    import_logs(store, "gemini-cli", [GEMINI])
    again = import_logs(store, "gemini-cli", [GEMINI])
    assert again.written == 0 and again.bytes_read == 0 and again.files_unchanged == 4


def _copy(tmp: Path) -> Path:
    root = tmp / "gemini"
    shutil.copytree(GEMINI, root)
    return root


def _log_in(root: Path) -> Path:
    return root / _main_log().relative_to(GEMINI)


def test_log_written_while_imported(store: SQLStore, tmp_path: Path) -> None:
    root = _copy(tmp_path)
    log = _log_in(root)
    data = log.read_bytes()
    cut = data.index(b'"type":"gemini"', len(data) // 2) + 5  # inside a model message
    log.write_bytes(data[:cut])
    first = import_logs(store, "gemini-cli", [log])
    log.write_bytes(data)
    second = import_logs(store, "gemini-cli", [log])
    assert first.errors.count == second.errors.count == 0
    assert first.bytes_read + second.bytes_read == len(data)
    whole_store = open_store(str(tmp_path / "whole.db"))
    assert isinstance(whole_store, SQLStore)
    whole = import_logs(whole_store, "gemini-cli", [_main_log()])
    assert first.written + second.written == whole.written == 5

    def snapshot(s: SQLStore) -> list[tuple[Any, ...]]:
        return s.fetchall(
            "SELECT r.id, r.parent_id, r.predicted_cached_tokens, b.cause FROM requests r"
            " LEFT JOIN breaks b ON b.request_id = r.id ORDER BY r.ts"
        )

    assert snapshot(store) == snapshot(whole_store)  # the same records and breaks
    whole_store.close()


def _append(log: Path, *records: dict[str, Any]) -> None:
    with log.open("a") as f:
        for r in records:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")


def _last_call(log: Path) -> dict[str, Any]:
    calls = [json.loads(x) for x in log.read_text().splitlines() if '"tokens":{' in x]
    return calls[-1]


def _next_call(last: dict[str, Any], mid: str, cached: int, after_s: int = 10) -> dict[str, Any]:
    tokens = {**last["tokens"], "input": last["tokens"]["input"] + 60, "cached": cached}
    ts = parse_ts(last["timestamp"]) + timedelta(seconds=after_s)
    return {**last, "id": mid, "timestamp": ts.isoformat().replace("+00:00", "Z"), "tokens": tokens}


def test_rewind_and_compression_are_named(store: SQLStore, tmp_path: Path) -> None:
    """Records as the CLI's ChatRecordingService writes them (0.61.0: `rewindTo` appends
    `{"$rewindTo": id}`; compression sets the new history with `{"$set": {"messages"}}`),
    each followed by a call that read less than the one before it."""
    root = _copy(tmp_path)
    log = _log_in(root)
    last = _last_call(log)
    _append(log, {"$rewindTo": last["id"]}, _next_call(last, "rewound-1", 0))
    summary_message = {"id": "summary-1", "type": "gemini", "content": [{"text": "Got it."}]}
    _append(
        log,
        {"$set": {"messages": [summary_message]}},
        _next_call(last, "after-compression-1", 0, after_s=20),
    )
    assert import_logs(store, "gemini-cli", [log]).errors.count == 0
    assert [c for _, c, _, _ in causes(store, "gemini-cli")][-2:] == [
        "history-rewrite",
        "compaction",
    ]


def test_resume_sets_the_same_history_without_a_break(store: SQLStore) -> None:
    """Each `--resume` writes `$set: {messages}` with the whole history again: not a
    rewrite (the fixture's session was resumed four times)."""
    import_logs(store, "gemini-cli", [_main_log()])
    found = [c for _, c, _, _ in causes(store, "gemini-cli")]
    assert "history-rewrite" not in found and "compaction" not in found


def test_unknown_records_and_fields_are_passed_over(store: SQLStore, tmp_path: Path) -> None:
    root = _copy(tmp_path)
    log = _log_in(root)
    lines = log.read_text().splitlines()
    changed = []
    for line in lines:
        entry = json.loads(line)
        if entry.get("type") == "gemini":
            entry["futureField"] = {"x": 1}
            entry["tokens"]["newKind"] = 7
        changed.append(json.dumps(entry))
    changed.insert(1, json.dumps({"$future": {"anything": True}}))
    log.write_text("\n".join(changed) + "\n")
    summary = import_logs(store, "gemini-cli", [log])
    assert summary.errors.count == 0 and summary.written == 5


def test_bad_tokens_are_counted_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _copy(tmp_path)
    log = _log_in(root)
    last = _last_call(log)
    bad = {**_next_call(last, "bad-1", 0), "tokens": {**last["tokens"], "input": -5}}
    _append(log, bad)
    code, out, err = run(
        ["import", "gemini-cli", str(root), "--store", str(tmp_path / "s.db")], capsys
    )
    assert code == 2 and out.startswith("gemini-cli: 9 calls imported from 4 files")
    assert "1 log lines could not be read (the rest was imported)" in err
    assert "message bad-1" in err and len(err.strip().splitlines()) == 1


def test_default_folder_and_project_filter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    shutil.copytree(GEMINI, home / ".gemini" / "tmp")
    monkeypatch.setenv("GEMINI_CLI_HOME", str(home))
    db = str(tmp_path / "s.db")
    code, out, _ = run(["import", "gemini-cli", "--store", db, "--project", "other"], capsys)
    assert code == 0 and "0 calls imported" in out and "9 left out" in out
    code, out, _ = run(["import", "gemini-cli", "--store", db], capsys)
    assert code == 0 and out.startswith("gemini-cli: 9 calls imported from 4 files")
