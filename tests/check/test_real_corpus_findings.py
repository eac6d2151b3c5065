"""`check` on the tuning sets of the real-project corpus (tests/corpus/real/dev .. dev12):
reconstructions of public agent projects, labelled by people who did not read the checker.

Every `# expect: PLxxx` marker must be found at its line (±1, as `score.py` counts) and nothing
else may be found, except what the set's `known.json` lists: `misses`, labelled breaks the
checker does not find today (each with why), and `other_findings`, findings at places the
labellers did not label (each judged `true` or `false`, or `unread`, with why). A known miss
that starts being found, or a listed finding that is no longer raised, fails the test too:
take it off the list, so the lists only shrink as the checker gets better.
The held-out set is never run here (it is scored once, by the lead).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from promptlint.check.config import CheckConfig
from promptlint.check.engine import RunOptions, run_check
from promptlint.check.template_files import PROMPT_FILE_SUFFIXES, TEMPLATE_SUFFIXES

from .test_corpus import expected as expected_in

REAL = Path(__file__).resolve().parent.parent / "corpus" / "real"
TUNING_SETS = (
    "dev",
    "dev2",
    "dev3",
    "dev4",
    "dev5",
    "dev6",
    "dev7",
    "dev8",
    "dev9",
    "dev10",
    "dev11",
    "dev12",
)
Site = tuple[str, int, str]
# Reconstructions with markers: Python modules and prompt templates (`{# expect: PL101 #}`).
MARKED_SUFFIXES = (".py", *TEMPLATE_SUFFIXES, *PROMPT_FILE_SUFFIXES)


def known(set_name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((REAL / set_name / "known.json").read_text())
    return data


def projects() -> list[tuple[str, Path]]:
    return [
        (name, project)
        for name in TUNING_SETS
        for project in sorted(p for p in (REAL / name).iterdir() if p.is_dir())
    ]


def expected(project: Path) -> set[Site]:
    return {
        (file.relative_to(project).as_posix(), line, code)
        for file in project.rglob("*")
        if file.suffix in MARKED_SUFFIXES
        for line, code in expected_in(file)
    }


# Reconstructions are trimmed: their one-shot templates keep a fraction of the original's
# static text, so they are checked with the threshold scaled down as far as the originals'
# texts were (score.py does the same).
RECONSTRUCTION_ONE_SHOT_MIN_TOKENS = 100


def found(project: Path) -> set[Site]:
    config = CheckConfig(root=project, one_shot_min_tokens=RECONSTRUCTION_ONE_SHOT_MIN_TOKENS)
    result = run_check([project], config, RunOptions(jobs=1))
    assert not result.errors, result.errors
    return {
        (Path(f.path).resolve().relative_to(project).as_posix(), f.line, f.code)
        for f in result.findings
    }


def near(site: Site, among: set[Site]) -> bool:
    path, line, code = site
    return any((path, line + d, code) in among for d in (-1, 0, 1))


def listed(entries: list[dict[str, Any]], project: str) -> set[Site]:
    return {(e["path"], e["line"], e["code"]) for e in entries if e["project"] == project}


@pytest.mark.parametrize("set_name", TUNING_SETS)
def test_known_lists_are_well_formed(set_name: str) -> None:
    data = known(set_name)
    for entry in data["misses"]:
        assert entry["why"], entry
    for entry in data["other_findings"]:
        assert entry["verdict"] in ("true", "false", "unread") and entry["why"], entry


def test_the_tuning_sets_are_there() -> None:
    assert len(projects()) >= 25
    assert sum(len(expected(p)) for _, p in projects()) >= 100


@pytest.mark.parametrize(
    ("set_name", "project"), projects(), ids=[f"{s}/{p.name}" for s, p in projects()]
)
def test_tuning_project(set_name: str, project: Path) -> None:
    data = known(set_name)
    want = expected(project)
    misses = listed(data["misses"], project.name)
    others = listed(data["other_findings"], project.name)
    assert misses <= want, f"known misses that are not labelled breaks: {sorted(misses - want)}"
    got = found(project)
    missing = sorted(s for s in want - misses if not near(s, got))
    now_found = sorted(s for s in misses if near(s, got))
    unexpected = sorted(s for s in got - others if not near(s, want))
    gone = sorted(others - got)
    assert not missing, f"labelled breaks not found: {missing}"
    assert not now_found, f"found now, take them off misses in {set_name}/known.json: {now_found}"
    assert not unexpected, f"findings at unlabelled places: {unexpected}"
    assert not gone, f"no longer found, take them off other_findings: {gone}"
