"""`promptlint import opencode` on the SQLite store the real opencode 1.18.33 wrote
(tests/data/agentlogs/opencode, made by record_agents.py against the local upstream), and
on edge cases made from a copy of it."""

from __future__ import annotations

import json
import shutil
import sqlite3
from decimal import Decimal
from pathlib import Path

import pytest

from promptlint.agentlogs.importer import import_logs
from promptlint.store.sql import SQLStore
from tests.agentlogs.test_import import CLASSES, causes, run, totals

OPENCODE = Path(__file__).resolve().parent.parent / "data" / "agentlogs" / "opencode"
DB = OPENCODE / "opencode.db"
CALLS = 10


def opencode_usage_in_store(path: Path) -> dict[str, int]:
    """The token sums straight from the store: every assistant row's tokens."""
    db = sqlite3.connect(path)
    rows = db.execute(
        "SELECT data FROM message WHERE json_extract(data, '$.role') = 'assistant'"
    ).fetchall()
    db.close()
    sums = dict.fromkeys(CLASSES, 0)
    for (text,) in rows:
        t = json.loads(text)["tokens"]
        sums["uncached_input_tokens"] += t["input"]
        sums["cache_read_tokens"] += t["cache"]["read"]
        sums["cache_write_5m_tokens"] += t["cache"]["write"]
        sums["output_tokens"] += t["output"] + t["reasoning"]
    return sums


def _copy(tmp: Path) -> Path:
    path = tmp / "opencode" / "opencode.db"
    path.parent.mkdir()
    shutil.copyfile(DB, path)
    return path


def test_totals_and_cost_equal_the_store(store: SQLStore) -> None:
    summary = import_logs(store, "opencode", [OPENCODE])
    assert summary.errors.count == 0 and not summary.unpriced
    assert summary.written == CALLS
    assert totals(store, "opencode") == opencode_usage_in_store(DB)
    # opencode prices each call itself (its models.dev snapshot): the same dollars
    db = sqlite3.connect(DB)
    (theirs,) = db.execute(
        "SELECT sum(json_extract(data, '$.cost')) FROM message"
        " WHERE json_extract(data, '$.role') = 'assistant'"
    ).fetchone()
    db.close()
    ours = store.fetchall("SELECT cost_usd FROM requests WHERE source = 'opencode'")
    assert abs(sum(Decimal(str(c)) for (c,) in ours) - Decimal(str(theirs))) < Decimal("1e-9")


def test_breaks_where_the_session_broke(store: SQLStore) -> None:
    import_logs(store, "opencode", [OPENCODE])
    assert causes(store, "opencode") == [
        ("gpt-4o", "ttl-expired", "prompt", True),  # 11 min 55 s after the last call
        ("gpt-4o-mini", "param-change", "model", True),
        # back to gpt-4o: its entry read in full; the compaction's summarising call and
        # the call after it read the cached tools and system prompt: no break
    ]
    rows = store.fetchall(
        "SELECT cache_read_tokens, predicted_cached_tokens FROM requests"
        " WHERE source = 'opencode' AND session_id NOT LIKE '%/%' ORDER BY ts"
    )
    back, summarising, after = rows[4], rows[5], rows[6]
    assert back[0] == back[1] > 8000
    assert summarising == (0, 0)  # a short prompt of its own, below OpenAI's minimum
    # the call after it is predicted from the summarising call (the last of its model),
    # and read more: the tools and system prompt cached before the compaction
    assert after[0] > 8000 and after[1] == 0


def test_sub_agent_is_its_own_lineage(store: SQLStore) -> None:
    import_logs(store, "opencode", [OPENCODE])
    db = sqlite3.connect(DB)
    ((child, parent),) = db.execute(
        "SELECT id, parent_id FROM session WHERE parent_id IS NOT NULL"
    ).fetchall()
    db.close()
    calls = store.session_requests(f"{parent}/{child}")
    assert len(calls) == 1 and calls[0].parent_id is None and not calls[0].breaks
    projects = store.fetchall("SELECT DISTINCT project FROM requests WHERE source = 'opencode'")
    assert projects == [("/home/user/shop",)]


def test_reimport_reads_no_rows(store: SQLStore) -> None:
    import_logs(store, "opencode", [OPENCODE])
    again = import_logs(store, "opencode", [OPENCODE])
    assert again.written == 0 and again.rows_read == 0 and again.files_unchanged == 1


def _last_assistant(db: sqlite3.Connection) -> tuple[int, str]:
    rowid, text = db.execute(
        "SELECT rowid, data FROM message WHERE json_extract(data, '$.role') = 'assistant'"
        " ORDER BY rowid DESC LIMIT 1"
    ).fetchone()
    return int(rowid), str(text)


def test_running_call_is_left_for_the_next_import(store: SQLStore, tmp_path: Path) -> None:
    """opencode inserts a call's row when it starts and fills it when it ends: an import in
    between leaves it (and what follows) for the next one."""
    path = _copy(tmp_path)
    db = sqlite3.connect(path)
    rowid, text = _last_assistant(db)
    running = json.loads(text)
    del running["time"]["completed"]
    running["tokens"] = {"input": 0, "output": 0, "reasoning": 0, "cache": {"read": 0, "write": 0}}
    db.execute("UPDATE message SET data = ? WHERE rowid = ?", (json.dumps(running), rowid))
    db.commit()
    first = import_logs(store, "opencode", [path])
    assert first.written == CALLS - 1
    db.execute("UPDATE message SET data = ? WHERE rowid = ?", (text, rowid))
    db.commit()
    db.close()
    second = import_logs(store, "opencode", [path])
    assert second.written == 1 and second.files_reread == 0
    assert totals(store, "opencode") == opencode_usage_in_store(DB)


def test_new_rows_after_an_import(store: SQLStore, tmp_path: Path) -> None:
    path = _copy(tmp_path)
    db = sqlite3.connect(path)
    rowid, text = _last_assistant(db)
    first = import_logs(store, "opencode", [path])
    later = json.loads(text)
    later["time"] = {"created": later["time"]["created"] + 5000, "completed": 1}
    db.execute(
        "INSERT INTO message (id, session_id, time_created, time_updated, data)"
        " SELECT 'msg_later', session_id, time_created + 5000, time_updated, ?"
        " FROM message WHERE rowid = ?",
        (json.dumps(later), rowid),
    )
    db.commit()
    db.close()
    second = import_logs(store, "opencode", [path])
    assert (first.written, second.written, second.rows_read) == (CALLS, 1, 1)


def test_deleted_rows_and_a_new_store_are_read_again(store: SQLStore, tmp_path: Path) -> None:
    """Deleting the last session frees its rowids for reuse: the saved row is gone, so the
    store is read again from its start — by id, without duplicates."""
    path = _copy(tmp_path)
    import_logs(store, "opencode", [path])
    db = sqlite3.connect(path)
    db.execute("PRAGMA foreign_keys = ON")
    rowid, _ = _last_assistant(db)
    db.execute("DELETE FROM message WHERE rowid = ?", (rowid,))
    db.commit()
    db.close()
    again = import_logs(store, "opencode", [path])
    assert again.files_reread == 1 and again.written == CALLS - 1
    assert store.count_requests() == CALLS  # the deleted call stays: it was paid for
    shutil.copyfile(DB, path)  # a store replaced at the same path
    db = sqlite3.connect(path)
    db.execute("DELETE FROM message WHERE rowid = (SELECT min(rowid) FROM message)")
    db.commit()
    db.close()
    third = import_logs(store, "opencode", [path])
    assert third.files_reread == 1 and store.count_requests() == CALLS


def test_unknown_fields_are_passed_over(store: SQLStore, tmp_path: Path) -> None:
    path = _copy(tmp_path)
    db = sqlite3.connect(path)
    db.execute(
        "UPDATE message SET data = json_set(data, '$.futureField', json('{\"x\": 1}'),"
        " '$.tokens.newKind', 3)"
    )
    db.commit()
    db.close()
    summary = import_logs(store, "opencode", [path])
    assert summary.errors.count == 0 and summary.written == CALLS


def test_bad_rows_are_counted_and_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _copy(tmp_path)
    db = sqlite3.connect(path)
    rowid, text = _last_assistant(db)
    bad = json.loads(text)
    bad["tokens"]["input"] = -1
    db.execute("UPDATE message SET data = ? WHERE rowid = ?", (json.dumps(bad), rowid))
    db.execute(
        'UPDATE message SET data = \'{"role":"assistant", cut\' WHERE rowid ='
        " (SELECT min(rowid) FROM message WHERE json_extract(data, '$.role') = 'assistant')"
    )
    db.commit()
    db.close()
    code, out, err = run(
        ["import", "opencode", str(path), "--store", str(tmp_path / "s.db")], capsys
    )
    assert code == 2 and out.startswith(f"opencode: {CALLS - 2} calls imported from 1 files")
    assert "2 log lines could not be read (the rest was imported)" in err
    assert "data is not a JSON object" in err and len(err.strip().splitlines()) == 1


def test_not_a_store_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "opencode.db"
    path.write_text("not sqlite at all\n" * 100)
    code, _, err = run(["import", "opencode", str(path), "--store", str(tmp_path / "s.db")], capsys)
    assert code == 2 and "not an opencode store" in err and len(err.strip().splitlines()) == 1


def test_default_store_and_filters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    shutil.copytree(OPENCODE, data / "opencode")
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    db = str(tmp_path / "s.db")
    code, out, _ = run(["import", "opencode", "--store", db, "--since", "2099-01-01"], capsys)
    assert code == 0 and f"{CALLS} left out" in out
    code, out, _ = run(["import", "opencode", "--store", db, "--project", "shop"], capsys)
    assert code == 0 and out.startswith(f"opencode: {CALLS} calls imported")
    code, out, _ = run(
        ["import", "opencode", "--store", db], capsys
    )  # the filtered runs kept no progress
    assert code == 0 and out.startswith(f"opencode: {CALLS} calls imported")
    code, out, _ = run(["import", "opencode", "--store", db], capsys)
    assert code == 0 and out.startswith("opencode: 0 calls imported from 1 files (1 unchanged")
