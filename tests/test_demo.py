"""`make demo` runs scripts/demo.py: the three jobs, through the real CLI and proxy."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_demo_records_the_conversation_and_names_its_breaks(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "demo.py"), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "Found 7 findings in 4 files" in text
    assert "replayed 7 requests" in text
    # The two breaks the recorded conversation carries, named by the proxy's analysis.
    assert "environment-change at system[1] (gitStatus:, Status)" in text
    assert "includeGitInstructions" in text
    assert "tool-order PL201 at tools[6]" in text
    with sqlite3.connect(out / "recordings.db") as db:
        assert db.execute("SELECT COUNT(*) FROM requests").fetchone() == (7,)
        cached = db.execute("SELECT SUM(cache_read_tokens) FROM requests").fetchone()[0]
    assert cached > 0  # the local upstream's prefix cache was read through the proxy
    assert (out / "report.html").stat().st_size > 0
    assert f"HTML report         {out / 'report.html'}" in text
