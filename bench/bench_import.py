"""`promptlint import claude-code` over a large log folder, against reading the same bytes.

The folder is made from the recorded fixtures (tests/data/agentlogs/claude-code): each
session copied under new session, message and request ids until the folder holds --gib
GiB. Three figures, each in a child process (wall time, peak RSS):

- baseline: read every line of every file and `json.loads` it (what any importer pays);
- import: `promptlint import claude-code FOLDER` into a new SQLite store;
- re-import: the same command again (nothing new: only the file sizes are compared).

A smaller folder (--gib / 8) is imported too: flat memory means the same peak RSS.

Run: .venv/bin/python bench/bench_import.py [--gib 1.0]   (prints figures; asserts nothing)
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "data" / "agentlogs" / "claude-code"
UUID = re.compile(rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
IDS = re.compile(rb'"(msg|req|toolu)_([0-9A-Za-z]+)"')

PARSE_ALL = """
import json, sys
from pathlib import Path
n = 0
for p in Path(sys.argv[1]).rglob("*.jsonl"):
    with p.open("rb") as f:
        for line in f:
            json.loads(line)
            n += 1
print(n)
"""


def make_folder(dst: Path, gib: float) -> int:
    """Copies of the fixture sessions, each under fresh ids, until `gib` GiB are written."""
    sessions = [p for p in FIXTURES.rglob("*.jsonl") if "subagents" not in p.parts]
    want = int(gib * 2**30)
    written = 0
    copy = 0
    while written < want:
        for src in sessions:
            data = src.read_bytes()
            mapping = {u: str(uuid.uuid4()).encode() for u in set(UUID.findall(data))}
            data = UUID.sub(lambda m, ids=mapping: ids[m.group(0)], data)  # type: ignore[misc]
            data = IDS.sub(lambda m, k=copy: b'"%s_%d%s"' % (m.group(1), k, m.group(2)), data)  # type: ignore[misc]
            name = mapping.get(src.stem.encode(), str(uuid.uuid4()).encode()).decode()
            out = dst / f"project-{copy % 50}" / f"{name}.jsonl"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(data)
            written += len(data)
            copy += 1
    return written


def timed(cmd: list[str]) -> tuple[float, int, str]:
    """(seconds, peak RSS in MiB, stdout) of a child process."""
    wrapper = (
        "import json, resource, subprocess, sys, time;"
        "t = time.perf_counter();"
        "out = subprocess.run(sys.argv[1:], capture_output=True, text=True);"
        "dt = time.perf_counter() - t;"
        "rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss;"
        "print(json.dumps([dt, rss // 1024, out.returncode, out.stdout.strip(), out.stderr]))"
    )
    res = subprocess.run([sys.executable, "-c", wrapper, *cmd], capture_output=True, text=True)
    dt, rss, rc, out, err = json.loads(res.stdout)
    if rc != 0:
        raise SystemExit(f"{cmd[:3]} failed: {err[-300:]}")
    return float(dt), int(rss), str(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gib", type=float, default=1.0)
    args = ap.parse_args()
    promptlint = str(Path(sys.executable).with_name("promptlint"))
    tmp = Path(tempfile.mkdtemp(prefix="bench-import-"))
    try:
        t = time.perf_counter()
        size = make_folder(tmp / "big", args.gib)
        small = make_folder(tmp / "small", args.gib / 8)
        print(f"folder: {size / 2**30:.2f} GiB in {time.perf_counter() - t:.1f} s to make")
        base, base_rss, lines = timed([sys.executable, "-c", PARSE_ALL, str(tmp / "big")])
        imp, imp_rss, out = timed(
            [promptlint, "import", "claude-code", str(tmp / "big"), "--store", str(tmp / "b.db")]
        )
        again, _, out2 = timed(
            [promptlint, "import", "claude-code", str(tmp / "big"), "--store", str(tmp / "b.db")]
        )
        _, small_rss, _ = timed(
            [promptlint, "import", "claude-code", str(tmp / "small"), "--store", str(tmp / "s.db")]
        )
        print(f"baseline (read + json.loads all {lines} lines): {base:.1f} s, {base_rss} MiB")
        print(f"import: {imp:.1f} s, peak {imp_rss} MiB  ({out})")
        print(f"ratio import / baseline: {imp / base:.2f}x")
        print(f"re-import, nothing new: {again:.2f} s  ({out2})")
        print(
            f"peak RSS: {imp_rss} MiB for {size / 2**30:.2f} GiB,"
            f" {small_rss} MiB for {small / 2**30:.2f} GiB"
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
