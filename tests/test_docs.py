"""The documentation is checked like code: generated pages must be current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_rules_page_is_generated_from_the_registry() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "document_rules.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_rules_page_check_fails_when_stale(tmp_path: Path) -> None:
    stale = tmp_path / "rules.md"
    stale.write_text((ROOT / "docs" / "rules.md").read_text().replace("PL201", "PL299", 1))
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "document_rules.py"), "--check", "-o", str(stale)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert "stale" in done.stderr
