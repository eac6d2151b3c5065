"""The hand-labelled real-project corpus (tests/corpus/real/) is well formed.

The labels are data for `tests/corpus/real/score.py`, which measures `promptlint check` against
them; these tests do not judge the checker, they keep the labels and reconstructions consistent.
"""

import ast
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REAL = Path(__file__).parent / "corpus" / "real"
# score.py is a script beside the corpus, not a module of the package: load it from its path
# (registered first, as its dataclasses look their module up while being made).
_spec = importlib.util.spec_from_file_location("real_corpus_score", REAL / "score.py")
assert _spec is not None and _spec.loader is not None
score = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = score
_spec.loader.exec_module(score)
SETS = [REAL / name for name in score.sets()]
CODES = {"PL101", "PL102", "PL103", "PL104", "PL201", "PL202", "PL301", "PL401", "PL402"}
HEADER = re.compile(r"Reconstruction of [\w.-]+/[\w.-]+@[0-9a-f]{40}:\S+ \(lines [\d, -]+\)")


def labels(set_dir: Path) -> dict[str, Any]:
    data: dict[str, Any] = score.load_labels(set_dir)
    return data


@pytest.mark.parametrize("set_dir", SETS, ids=[p.name for p in SETS])
def test_labels_follow_the_schema(set_dir: Path) -> None:
    data = labels(set_dir)
    assert data["set"] == set_dir.name
    for project in data["projects"]:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+", project["repo"])
        assert re.fullmatch(r"[0-9a-f]{40}", project["commit"])
        assert project["files_read"] > 0
        for site in project["sites"]:
            assert site["verdict"] in ("break", "clean"), site
            assert (site["code"] in CODES) == (site["verdict"] == "break"), site
            assert site["line"] > 0 and site["reason"] and site["function"], site
            assert isinstance(site["doubt"], bool), site
            if site["corpus_file"] is not None:
                corpus = set_dir / site["corpus_file"]
                assert corpus.is_file(), site
                assert 0 < site["corpus_line"] <= len(corpus.read_text().splitlines()), site
        for review in project.get("reviews", []):
            assert review["verdict"] in ("true", "false"), review
            assert review["code"] in CODES and review["line"] > 0 and review["reason"], review


@pytest.mark.parametrize("set_dir", SETS, ids=[p.name for p in SETS])
def test_every_expect_marker_is_a_labelled_break(set_dir: Path) -> None:
    data = labels(set_dir)
    labelled = {
        (s["corpus_file"], s["corpus_line"], s["code"])
        for p in data["projects"]
        for s in p["sites"]
        if s["verdict"] == "break" and s["corpus_file"]
    }
    marked = set()
    for file in set_dir.rglob("*"):
        if file.suffix not in score.MARKED_SUFFIXES:
            continue
        for lineno, text in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            if match := re.search(r"#\s*expect:\s*(PL\d{3})", text):
                marked.add((file.relative_to(set_dir).as_posix(), lineno, match.group(1)))
    assert marked == labelled


@pytest.mark.parametrize("set_dir", SETS, ids=[p.name for p in SETS])
def test_reconstructions_parse_as_python_310_and_name_their_source(set_dir: Path) -> None:
    files = [f for f in set_dir.rglob("*.py") if f.stat().st_size]
    assert files
    for file in files:
        tree = ast.parse(file.read_text(encoding="utf-8"), feature_version=(3, 10))
        doc = " ".join((ast.get_docstring(tree) or "").split())
        assert HEADER.search(doc), file
        assert "not the original text" in doc, file


def test_score_measures_the_dev_reconstructions() -> None:
    proc = subprocess.run(
        [sys.executable, str(REAL / "score.py"), "--set", "dev", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(proc.stdout)["reconstructions"]
    marked = sum(
        1
        for f in (REAL / "dev").rglob("*.py")
        for line in f.read_text(encoding="utf-8").splitlines()
        if "# expect:" in line
    )
    assert report["total"]["breaks"] == marked
    assert report["total"]["found"] + report["total"]["missed"] == marked
    assert all(not p["errors"] for p in report["projects"])


@pytest.mark.parametrize("set_dir", SETS, ids=[p.name for p in SETS])
def test_template_reconstructions_name_their_source(set_dir: Path) -> None:
    for file in set_dir.rglob("*"):
        if file.suffix in score.MARKED_SUFFIXES and file.suffix != ".py":
            first = file.read_text(encoding="utf-8").split("#}", 1)[0]
            assert first.startswith("{#") and HEADER.search(first), file
            assert "not the original text" in first, file
