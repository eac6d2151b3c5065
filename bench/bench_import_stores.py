"""`promptlint import opencode` and `promptlint import gemini-cli` over large stores, each
against reading the same data (what any importer pays).

Made from the recorded fixtures (tests/data/agentlogs/opencode, gemini-cli):

- opencode: the fixture store's sessions and messages copied under new ids until the
  `message` table holds --rows rows; baseline: `SELECT data FROM message` and `json.loads`
  of every row;
- Gemini CLI: the fixture chats copied under new session and message ids until the
  folder holds --mib MiB; baseline: `json.loads` of every line.

For each: the import into a new SQLite store, the re-import with nothing new, and the
peak RSS of an import of an eighth of the size (flat memory: the same peak). Each figure
is a child process (wall time, peak RSS), as in bench_import.py.

Run: .venv/bin/python bench/bench_import_stores.py [--rows 300000] [--mib 256]
(prints figures; asserts nothing)
"""

from __future__ import annotations

import argparse
import re
import shutil
import sqlite3
import sys
import tempfile
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_import import PARSE_ALL, timed

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "agentlogs"
UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

READ_ROWS = """
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
n = 0
for (text,) in db.execute("SELECT data FROM message"):
    json.loads(text)
    n += 1
print(n)
"""


def make_opencode(dst: Path, rows: int) -> int:
    """The fixture store with its sessions and messages copied under new ids."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DATA / "opencode" / "opencode.db", dst)
    db = sqlite3.connect(dst)
    db.execute("CREATE TEMP TABLE m0 AS SELECT * FROM message")
    db.execute("CREATE TEMP TABLE s0 AS SELECT * FROM session")
    per_copy = db.execute("SELECT count(*) FROM m0").fetchone()[0]
    copy = 0
    while (copy + 1) * per_copy < rows:
        copy += 1
        tag = f"_{copy}"
        db.execute(
            "INSERT INTO session SELECT id || ?1, project_id, workspace_id,"
            " CASE WHEN parent_id IS NULL THEN NULL ELSE parent_id || ?1 END,"
            " slug, directory, path, title, version, share_url, summary_additions,"
            " summary_deletions, summary_files, summary_diffs, metadata, cost, tokens_input,"
            " tokens_output, tokens_reasoning, tokens_cache_read, tokens_cache_write, revert,"
            " permission, agent, model, time_created, time_updated, time_compacting,"
            " time_archived FROM s0",
            (tag,),
        )
        db.execute(
            "INSERT INTO message SELECT id || ?1, session_id || ?1, time_created,"
            " time_updated, data FROM m0 ORDER BY rowid",
            (tag,),
        )
    db.commit()
    (n,) = db.execute("SELECT count(*) FROM message").fetchone()
    db.close()
    return int(n)


def make_gemini(dst: Path, mib: float) -> int:
    """Copies of the fixture chats, each under fresh session and message ids, in 50
    project folders."""
    root = DATA / "gemini-cli" / "notes"
    files = sorted((root / "chats").rglob("*.jsonl"))
    want = int(mib * 2**20)
    written = copy = 0
    while written < want:
        mapping: dict[bytes, bytes] = {}
        project = dst / f"p{copy % 50}"
        project.mkdir(parents=True, exist_ok=True)
        (project / ".project_root").write_text(f"/home/user/p{copy % 50}\n")
        for src in files:
            data = src.read_bytes()
            for u in set(UUID.findall(data)):
                mapping.setdefault(u, str(uuid.uuid4()).encode())
            data = UUID.sub(lambda m, ids=mapping: ids[m.group(0)], data)  # type: ignore[misc]
            rel = str(src.relative_to(root)).encode()
            rel = UUID.sub(lambda m, ids=mapping: ids.get(m.group(0), m.group(0)), rel)  # type: ignore[misc]
            out = project / rel.decode()
            out = out.with_name(f"c{copy}-{out.name}")  # the short ids in names repeat
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(data)
            written += len(data)
        copy += 1
    return written


def bench(name: str, agent: str, big: Path, small: Path, baseline: list[str], tmp: Path) -> None:
    promptlint = str(Path(sys.executable).with_name("promptlint"))
    base, base_rss, n = timed(baseline)
    imp, imp_rss, out = timed(
        [promptlint, "import", agent, str(big), "--store", str(tmp / f"{agent}.db")]
    )
    again, _, out2 = timed(
        [promptlint, "import", agent, str(big), "--store", str(tmp / f"{agent}.db")]
    )
    _, small_rss, _ = timed(
        [promptlint, "import", agent, str(small), "--store", str(tmp / f"{agent}-s.db")]
    )
    print(f"{name} baseline (read + json.loads all {n}): {base:.1f} s, {base_rss} MiB")
    print(f"{name} import: {imp:.1f} s, peak {imp_rss} MiB  ({out})")
    print(f"{name} ratio import / baseline: {imp / base:.2f}x")
    print(f"{name} re-import, nothing new: {again:.2f} s  ({out2})")
    print(f"{name} peak RSS: {imp_rss} MiB full size, {small_rss} MiB at an eighth")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=300_000)
    ap.add_argument("--mib", type=float, default=256)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-import-stores-"))
    try:
        rows = make_opencode(tmp / "oc" / "opencode.db", args.rows)
        make_opencode(tmp / "oc-small" / "opencode.db", args.rows // 8)
        size = (tmp / "oc" / "opencode.db").stat().st_size
        print(f"opencode store: {rows} rows, {size / 2**20:.0f} MiB")
        reader = [sys.executable, "-c", READ_ROWS, str(tmp / "oc" / "opencode.db")]
        bench("opencode", "opencode", tmp / "oc", tmp / "oc-small", reader, tmp)
        size = make_gemini(tmp / "gm", args.mib)
        make_gemini(tmp / "gm-small", args.mib / 8)
        print(f"gemini-cli folder: {size / 2**20:.0f} MiB")
        parse = [sys.executable, "-c", PARSE_ALL, str(tmp / "gm")]
        bench("gemini-cli", "gemini-cli", tmp / "gm", tmp / "gm-small", parse, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
