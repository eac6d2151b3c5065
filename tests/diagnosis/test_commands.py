"""`promptlint explain` and `promptlint sessions` end to end (real SQLite store)."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from promptlint.diagnosis.analyzer import Analyzer
from promptlint.store import open_store

from .helpers import ORDER_TOOL, SYSTEM, WEATHER_TOOL, chat, claude, ex

BREAK_KEYS = {"cause", "code", "segment", "token_offset", "lost_tokens", "lost_usd"}


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def _write(path: Path, body: dict[str, Any]) -> str:
    path.write_text(json.dumps(body))
    return str(path)


def test_explain_two_bodies_offline_json(tmp_path: Path) -> None:
    msgs = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "Order 1?"}]
    a = _write(tmp_path / "a.json", chat(msgs, tools=[WEATHER_TOOL, ORDER_TOOL]))
    more = [*msgs, {"role": "assistant", "content": "Shipped."}, {"role": "user", "content": "?"}]
    b = _write(tmp_path / "b.json", chat(more, tools=[ORDER_TOOL, WEATHER_TOOL]))
    proc = cli("explain", a, b, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    first, second = data["requests"]
    assert first["breaks"] == [] and second["parent_id"] == a
    br = second["breaks"][0]
    assert set(br) >= BREAK_KEYS
    assert (br["cause"], br["code"], br["segment"], br["token_offset"]) == (
        "tool-order",
        "PL201",
        "tools[0]",
        0,
    )
    assert br["lost_tokens"] > 1500
    assert Decimal(br["lost_usd"]) > 0  # gpt-4o has a price
    assert data["lost_tokens"] == br["lost_tokens"]
    assert second["prompt_tokens_exact"] is False and data["assumptions"]


def test_explain_text_anthropic(tmp_path: Path) -> None:
    sys1 = [
        {
            "type": "text",
            "text": "Date: 2026-11-28\n" + SYSTEM,
            "cache_control": {"type": "ephemeral"},
        }
    ]
    sys2 = [
        {
            "type": "text",
            "text": "Date: 2026-11-29\n" + SYSTEM,
            "cache_control": {"type": "ephemeral"},
        }
    ]
    a = _write(tmp_path / "a.json", claude([{"role": "user", "content": "hi"}], system=sys1))
    b = _write(tmp_path / "b.json", claude([{"role": "user", "content": "hi"}], system=sys2))
    proc = cli("explain", a, b)
    assert proc.returncode == 0, proc.stderr
    assert "volatile-timestamp PL101 at system[0]" in proc.stdout
    assert "before: Date: 2026-11-28" in proc.stdout
    assert "after:  Date: 2026-11-29" in proc.stdout
    assert "[estimate]" in proc.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [("{not json", "not JSON"), ('{"hello": 1}', "no 'messages'"), ("[1]", "not a request")],
)
def test_explain_bad_body_is_one_line_exit_2(tmp_path: Path, content: str, message: str) -> None:
    good = _write(tmp_path / "good.json", chat([{"role": "user", "content": "x"}]))
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    proc = cli("explain", good, str(bad), "--api", "openai-chat")
    assert proc.returncode == 2
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_explain_unknown_id_and_missing_store(tmp_path: Path) -> None:
    proc = cli("explain", "r-nope", "--store", str(tmp_path / "none.db"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert not (tmp_path / "none.db").exists()


def _record(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'rec.db'}"
    analyzer = Analyzer()
    s_a = "Now: 2026-11-29 10:00:00\n" + SYSTEM
    s_b = "Now: 2026-11-29 10:00:30\n" + SYSTEM
    u = {"role": "user", "content": "Order 1?"}
    bodies = [
        chat([{"role": "system", "content": s_a}, u]),
        chat(
            [
                {"role": "system", "content": s_b},
                u,
                {"role": "assistant", "content": "ok"},
                {"role": "user", "content": "more"},
            ]
        ),
    ]
    usage = [
        {
            "prompt_tokens": 1900,
            "completion_tokens": 9,
            "prompt_tokens_details": {"cached_tokens": 0},
        },
        {
            "prompt_tokens": 1915,
            "completion_tokens": 9,
            "prompt_tokens_details": {"cached_tokens": 0},
        },
    ]
    records = [analyzer.analyze(ex(b, n=k, usage=usage[k])) for k, b in enumerate(bodies)]
    with open_store(url) as store:
        store.write(records)
    return url


def test_explain_and_sessions_from_store(tmp_path: Path) -> None:
    url = _record(tmp_path)
    proc = cli("sessions", "--store", url, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    sessions = json.loads(proc.stdout)["sessions"]
    assert len(sessions) == 1 and sessions[0]["requests"] == 2
    assert sessions[0]["avoidable_tokens"] > 1000
    session_id = sessions[0]["session_id"]

    table = cli("sessions", "--store", url)
    assert table.returncode == 0 and session_id in table.stdout and "hit rate" in table.stdout

    proc = cli("explain", session_id, "--store", url, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [r["id"] for r in data["requests"]] == ["r0", "r1"]
    br = data["requests"][1]["breaks"][0]
    assert set(br) >= BREAK_KEYS
    assert br["cause"] == "volatile-timestamp" and br["segment"] == "messages[0]"
    assert br["detail"] == "a date/time value changed"
    assert "10:00:00" in br["before"] and "10:00:30" in br["after"]
    assert Decimal(br["lost_usd"]) > 0

    one = cli("explain", "r1", "--store", url)
    assert one.returncode == 0 and "volatile-timestamp PL101 at messages[0]" in one.stdout


def test_sessions_empty_store_and_since_filter(tmp_path: Path) -> None:
    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    open_store(empty).close()
    proc = cli("sessions", "--store", empty)
    assert proc.returncode == 0 and "no sessions recorded" in proc.stdout
    url = _record(tmp_path)
    later = cli("sessions", "--store", url, "--since", "2030-01-01", "--format", "json")
    assert later.returncode == 0 and json.loads(later.stdout) == {"sessions": []}
    missing = cli("sessions", "--store", str(tmp_path / "missing.db"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def _money_values(data: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every value whose key names money (…_usd), with where it sits."""
    out: list[tuple[str, Any]] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k.endswith("_usd"):
                out.append((f"{path}.{k}", v))
            out += _money_values(v, f"{path}.{k}")
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _money_values(v, f"{path}[{i}]")
    return out


def test_json_money_is_plain_numbers_with_exact_digits(tmp_path: Path) -> None:
    url = _record(tmp_path)
    with open_store(url) as store:
        stored = store.request("r1")
    assert stored is not None and stored.breaks
    for args in (
        ("sessions", "--store", url, "--format", "json"),
        ("explain", "r1", "--store", url, "--format", "json"),
    ):
        proc = cli(*args)
        assert proc.returncode == 0, proc.stderr
        data = json.loads(proc.stdout, parse_float=Decimal)
        money = _money_values(data)
        assert money, args
        for where, value in money:
            # A number (int for whole amounts such as 0), never a string or a rounded float.
            assert isinstance(value, (Decimal, int)) and not isinstance(value, bool), (where, value)
    data = json.loads(
        cli("explain", "r1", "--store", url, "--format", "json").stdout, parse_float=Decimal
    )
    req = data["requests"][0]
    # The very digits the store holds.
    assert req["breaks"][0]["lost_usd"] == Decimal(stored.breaks[0].lost_usd)
    assert req["cost_usd"] == Decimal(stored.cost_usd)
    assert data["lost_usd"] == sum(Decimal(b.lost_usd) for b in stored.breaks)
    sess = json.loads(
        cli("sessions", "--store", url, "--format", "json").stdout, parse_float=Decimal
    )["sessions"][0]
    assert isinstance(sess["hit_rate"], (Decimal, int))
    text = cli("explain", "r1", "--store", url)
    assert f"(${stored.breaks[0].lost_usd})" in text.stdout


def _record_new_content_then_break(tmp_path: Path) -> str:
    """r0; r1 extends it (new content only); r2 changes a timestamp (a real break)."""
    url = f"sqlite:///{tmp_path / 'nc.db'}"
    analyzer = Analyzer()
    u = {"role": "user", "content": "Order 1?"}
    more = [u, {"role": "assistant", "content": "ok"}, {"role": "user", "content": "more"}]
    bodies = [
        chat([{"role": "system", "content": "Now: 2026-11-29 10:00:00\n" + SYSTEM}, u]),
        chat([{"role": "system", "content": "Now: 2026-11-29 10:00:00\n" + SYSTEM}, *more]),
        chat([{"role": "system", "content": "Now: 2026-11-29 10:00:30\n" + SYSTEM}, *more]),
    ]
    records = [analyzer.analyze(ex(b, n=k)) for k, b in enumerate(bodies)]
    assert [[b.cause for b in r.breaks] for r in records] == [
        [],
        ["new-content"],
        ["volatile-timestamp"],
    ]
    with open_store(url) as store:
        store.write(records)
    return url


def test_new_content_is_not_counted_as_a_break(tmp_path: Path) -> None:
    url = _record_new_content_then_break(tmp_path)
    sessions = json.loads(cli("sessions", "--store", url, "--format", "json").stdout)["sessions"]
    assert [s["breaks"] for s in sessions] == [1]
    report = json.loads(cli("report", "--store", url, "--format", "json").stdout)
    assert report["total"]["breaks"] == 1
    assert [c["cause"] for c in report["causes"]] == ["volatile-timestamp"]
    by_cause = json.loads(cli("report", "--store", url, "--by", "cause", "--format", "json").stdout)
    assert [r["cause"] for r in by_cause["rows"]] == ["volatile-timestamp"]
    # explain still says where the new tokens start, apart from the breaks.
    data = json.loads(cli("explain", "r1", "--store", url, "--format", "json").stdout)
    r1 = data["requests"][0]
    assert r1["breaks"] == [] and r1["new_content"]["segment"] == "messages[2]"
    assert r1["new_content"]["tokens"] == r1["prompt_tokens"] - r1["new_content"]["token_offset"]
    text = cli("explain", "r1", "--store", url).stdout
    assert "new content from messages[2]" in text and "new-content" not in text


def test_store_migration_recounts_breaks_without_new_content(tmp_path: Path) -> None:
    import sqlite3

    url = _record_new_content_then_break(tmp_path)
    path = tmp_path / "nc.db"
    con = sqlite3.connect(path)
    # A store written before v4 counted the new-content row too.
    con.execute("UPDATE requests SET break_count = 1 WHERE id = 'r1'")
    # ... and had none of v5's columns and tables.
    con.execute("DROP INDEX requests_source")
    v5 = [("requests", "source"), ("requests", "project"), ("breaks", "exact"), ("breaks", "note")]
    for table, column in v5:
        con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    con.execute("DROP TABLE import_files")
    con.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    report = json.loads(cli("report", "--store", url, "--format", "json").stdout)
    assert report["total"]["breaks"] == 1
