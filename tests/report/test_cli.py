"""`promptlint report` and `promptlint store` from the command line: output, files, errors."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from promptlint.cli import cli
from promptlint.store import open_store
from promptlint.store.schema import SCHEMA_V1, SCHEMA_VERSION

from .data import recordings


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", *args], capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "rec.db"
    with open_store(str(path)) as store:
        store.write(recordings(120))
    return path


def _one_line_error(proc: subprocess.CompletedProcess[str], needle: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("promptlint: error:") and needle in lines[0], lines[0]


def test_corrupt_store_is_one_line_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"\x00garbage" * 500)
    _one_line_error(run("report", "--store", str(bad)), "not a readable promptlint store")
    _one_line_error(run("store", "export", "--store", str(bad)), "not a readable promptlint store")


def test_truncated_store_is_one_line_exit_2(db: Path, tmp_path: Path) -> None:
    # A store cut short mid-file (a failed copy): the header survives, the pages do not.
    cut = tmp_path / "cut.db"
    data = db.read_bytes()
    cut.write_bytes(data[:100] + b"\xee" * (len(data) - 100))
    proc = run("report", "--store", str(cut))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_newer_schema_is_one_line_exit_2(db: Path) -> None:
    conn = sqlite3.connect(db)
    conn.execute(
        "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),)
    )
    conn.commit()
    conn.close()
    _one_line_error(run("report", "--store", str(db)), "newer than this promptlint")
    _one_line_error(run("store", "migrate", "--store", str(db)), "newer than this promptlint")


def test_missing_store_and_bad_dates(tmp_path: Path, db: Path) -> None:
    _one_line_error(run("report", "--store", str(tmp_path / "none.db")), "no store at")
    assert not (tmp_path / "none.db").exists()
    _one_line_error(run("report", "--store", str(db), "--since", "last tuesday"), "bad date")
    _one_line_error(
        run("report", "--store", str(db), "--since", "2026-11-05", "--until", "2026-11-01"),
        "is not before",
    )
    _one_line_error(run("report", "--store", "mysql://x"), "unknown store URL")


def test_unreachable_postgres_is_one_line_exit_2() -> None:
    _one_line_error(
        run("report", "--store", "postgresql://nobody:secret@127.0.0.1:1/none"),
        "cannot connect to PostgreSQL store 127.0.0.1:1/none",
    )


def test_table_and_html_file(db: Path, tmp_path: Path) -> None:
    proc = run("report", "--store", str(db), "--by", "cause")
    assert proc.returncode == 0, proc.stderr
    assert "Lost to avoidable prefix breaks" in proc.stdout
    assert "volatile-timestamp" in proc.stdout or "tool-order" in proc.stdout
    out = tmp_path / "report.html"
    proc = run("report", "--store", str(db), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "wrote" in proc.stderr
    assert out.read_text().startswith("<!doctype html>")


def test_progress_bar_goes_to_stderr(db: Path) -> None:
    res = CliRunner().invoke(cli, ["report", "--store", str(db), "--format", "json", "--progress"])
    assert res.exit_code == 0
    assert "Reading the store" in res.stderr
    assert json.loads(res.stdout)["total"]["requests"] == 120


def test_export_jsonl_roundtrip(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "rec.jsonl"
    proc = run("store", "export", "--store", str(db), "-o", str(out), "--since", "2026-11-02")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    want = [r for r in recordings(120) if r.ts[:10] >= "2026-11-02"]
    assert len(lines) == len(want)
    assert {row["id"] for row in lines} == {r.id for r in want}
    by_id = {r.id: r for r in want}
    for row in lines:
        r = by_id[row["id"]]
        assert row["cache_read_tokens"] == r.cache_read_tokens
        assert [b["cause"] for b in row["breaks"]] == [b.cause for b in r.breaks]
    assert [row["ts"] for row in lines] == sorted(row["ts"] for row in lines)
    proc = run("store", "export", "--store", str(db), "--no-bodies")
    assert all(json.loads(line)["body"] is None for line in proc.stdout.splitlines())


def test_store_migrate_reports_versions(tmp_path: Path) -> None:
    fresh = tmp_path / "new.db"
    proc = run("store", "migrate", "--store", str(fresh))
    assert proc.returncode == 0 and f"created with schema v{SCHEMA_VERSION}" in proc.stdout
    assert "up to date" in run("store", "migrate", "--store", str(fresh)).stdout
    old = tmp_path / "old.db"
    conn = sqlite3.connect(old)
    for stmt in SCHEMA_V1:
        conn.execute(stmt)
    conn.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    conn.commit()
    conn.close()
    proc = run("store", "migrate", "--store", str(old))
    assert proc.returncode == 0
    assert f"migrated schema v1 → v{SCHEMA_VERSION}" in proc.stdout
