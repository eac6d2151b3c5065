"""The documentation is checked like code: generated pages must be current."""

from __future__ import annotations

import re
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


# Users have the repository, not the notes it was built from: what the code and the docs
# rely on is in docs/reference/, cited by that path.
OUTSIDE = re.compile(
    r"\.\./shared|shared/reference|INTERFACES|DESIGN\.md"
    r"|(?<![\w/])(?:providers|kv-cache|vllm)\.md"
)


def test_nothing_cites_files_outside_the_repository() -> None:
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    found = []
    for name in tracked:
        path = ROOT / name
        if name.startswith("docs/reference/") or path == Path(__file__) or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
