"""The realistic corpus: every finding is marked `# expect: CODE` on its line, and
nothing else may be found (zero false alarms on the clean code)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from promptlint.check import registry
from promptlint.check.config import CheckConfig
from promptlint.check.engine import RunOptions, check_file

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "python"
FILES = sorted(CORPUS.glob("*.py"))
EXPECT = re.compile(r"#\s*expect:\s*([A-Z0-9, ]+)")


def expected(path: Path) -> set[tuple[int, str]]:
    out = set()
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        m = EXPECT.search(line)
        if m:
            out |= {(number, code.strip()) for code in m.group(1).split(",") if code.strip()}
    return out


def test_corpus_is_there() -> None:
    assert len(FILES) >= 8
    assert sum(len(expected(p)) for p in FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_corpus_file(path: Path) -> None:
    rules = registry.all_rules("python")
    out = check_file(path, rules, CheckConfig(root=CORPUS), RunOptions())
    assert not out.errors, out.errors
    found = {(f.line, f.code) for f in out.findings}
    want = expected(path)
    missing = sorted(want - found)
    extra = sorted(found - want)
    details = "\n".join(f"{f.line}:{f.column} {f.code} {f.message}" for f in out.findings)
    assert not missing and not extra, f"missing {missing}, unexpected {extra}\n{details}"
