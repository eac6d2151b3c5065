"""Score `promptlint check` against the hand-labelled real-project corpus.

Usage:
    python tests/corpus/real/score.py [--set NAME] [--src DIR] [--project NAME ...]
                                      [--format text|json]

A set is a folder beside this script with a ``labels.json`` (``{"set", "projects": [...]}``)
and/or one ``<project>.labels.json`` per project (one project object each, so that several
labellers can work on one set without editing one file).

Two measurements, both from the installed CLI (`promptlint check --format json --exit-zero`):

(a) always: the reconstructions under ``tests/corpus/real/<set>/<project>/`` against their
    ``# expect: PLxxx`` markers (breaks) and the clean sites of ``labels.json`` that point into
    them (``corpus_file`` / ``corpus_line``);
(b) with ``--src DIR``: the original projects, checked out at the labelled commits as
    ``DIR/<owner>+<name>/``, against ``labels.json`` (``path`` / ``line``).

A finding counts as *found* when its code is the labelled one and its line is within one line of
the labelled line. A finding inside the function of a clean site is a *false alarm*; any other
finding is *unlabelled* and listed so that someone reads it, except findings in test code
(``tests/``, ``test_*.py``, ``*_test.py``, ``conftest.py``), which is not production traffic and
is never labelled: those are counted apart as *in tests*.

A project's ``reviews`` (``{"path", "line", "code", "verdict": "true"|"false", "reason"}``) are
findings at unlabelled places that someone read after the labels were frozen: with ``--src``
they count as true findings or as false alarms (at places that are not labelled clean sites),
and only the findings nobody reviewed stay *unlabelled*. *Precision* is true findings (found plus
reviewed true) over all judged findings (those plus wrong-code, false alarms and reviewed false).

The script measures and never judges: it exits 0 whatever the figures (and on errors, after
saying them).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
EXPECT = re.compile(r"#\s*expect:\s*(PL\d{3}(?:\s*,\s*PL\d{3})*)")
LINE_SLACK = 1
RECONSTRUCTION_ONE_SHOT_MIN_TOKENS = 100  # see score_reconstructions
# Reconstructions that carry markers: Python modules, and prompt templates (a Jinja comment
# `{# expect: PL101 #}` on the line).
MARKED_SUFFIXES = (".py", ".prompt", ".j2", ".jinja", ".jinja2")


class ScoreError(Exception):
    """Nothing to measure (no labels, no CLI): said in one line; the exit code stays 0."""


@dataclass
class Site:
    """One labelled place in one file: a break (with its code) or a clean prompt-building site."""

    path: str
    line: int
    function: str
    code: str | None
    reason: str = ""
    doubt: bool = False


@dataclass
class Finding:
    path: str
    line: int
    code: str
    message: str


@dataclass
class Review:
    """A finding at an unlabelled place, read and judged after the labels were frozen."""

    path: str
    line: int
    code: str
    true: bool
    reason: str


@dataclass
class Score:
    project: str
    breaks: list[Site] = field(default_factory=list)
    clean: list[Site] = field(default_factory=list)
    found: list[tuple[Site, Finding]] = field(default_factory=list)
    missed: list[Site] = field(default_factory=list)
    wrong_code: list[tuple[Site, Finding]] = field(default_factory=list)
    false_alarms: list[tuple[Site, Finding]] = field(default_factory=list)
    unlabelled: list[Finding] = field(default_factory=list)
    in_tests: list[Finding] = field(default_factory=list)
    reviewed_true: list[tuple[Review, Finding]] = field(default_factory=list)
    reviewed_false: list[tuple[Review, Finding]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, Any]:
        per20 = 20 * len(self.false_alarms) / len(self.clean) if self.clean else None
        true = len(self.found) + len(self.reviewed_true)
        judged = true + len(self.wrong_code) + len(self.false_alarms) + len(self.reviewed_false)
        return {
            "breaks": len(self.breaks),
            "breaks_doubtful": sum(s.doubt for s in self.breaks),
            "found": len(self.found),
            "missed": len(self.missed),
            "wrong_code": len(self.wrong_code),
            "clean_sites": len(self.clean),
            "clean_doubtful": sum(s.doubt for s in self.clean),
            "false_alarms": len(self.false_alarms),
            "unlabelled": len(self.unlabelled),
            "in_tests": len(self.in_tests),
            "false_alarms_per_20_clean": None if per20 is None else round(per20, 2),
            "recall": round(len(self.found) / len(self.breaks), 3) if self.breaks else None,
            "reviewed_true": len(self.reviewed_true),
            "reviewed_false": len(self.reviewed_false),
            "precision": round(true / judged, 3) if judged else None,
        }


def promptlint_cli() -> str:
    """The CLI of the interpreter's own environment first (the venv the script runs in)."""
    sibling = Path(sys.executable).parent / "promptlint"
    if sibling.exists():
        return str(sibling)
    found = shutil.which("promptlint")
    if found is None:
        raise ScoreError("no `promptlint` next to the interpreter or on PATH")
    return found


def run_check(root: Path, cli: str) -> tuple[list[Finding], list[str]]:
    """Findings of `promptlint check` on `root`, with paths relative to `root`."""
    proc = subprocess.run(
        [cli, "check", "--format", "json", "--exit-zero", "."],
        cwd=root,
        capture_output=True,
        text=True,
    )
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
        return [], [f"promptlint check exited {proc.returncode}: {tail[0]}"]
    findings = []
    for raw in report.get("findings", []):
        path = Path(raw["path"])
        if path.is_absolute():
            with contextlib.suppress(ValueError):
                path = path.relative_to(root)
        findings.append(
            Finding(
                path.as_posix().removeprefix("./"),
                int(raw["line"]),
                raw["code"],
                raw.get("message", ""),
            )
        )
    errors = [json.dumps(e) if not isinstance(e, str) else e for e in report.get("errors", [])]
    return findings, errors


class Functions:
    """Line ranges of the functions of one tree's files: which site's function holds a finding."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._spans: dict[str, list[tuple[int, int]]] = {}

    def spans(self, path: str) -> list[tuple[int, int]]:
        if path not in self._spans:
            spans: list[tuple[int, int]] = []
            try:
                tree = ast.parse((self.root / path).read_text(encoding="utf-8", errors="replace"))
            except (OSError, SyntaxError, ValueError):
                tree = None
            if tree is not None:
                for node in ast.walk(tree):
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        start = min([node.lineno] + [d.lineno for d in node.decorator_list])
                        spans.append((start, node.end_lineno or node.lineno))
            self._spans[path] = spans
        return self._spans[path]

    def enclosing(self, path: str, line: int) -> tuple[int, int] | None:
        """The innermost function holding `line`; None at module level."""
        inside = [s for s in self.spans(path) if s[0] <= line <= s[1]]
        return min(inside, key=lambda s: s[1] - s[0]) if inside else None

    def same_place(self, path: str, a: int, b: int) -> bool:
        span = self.enclosing(path, a)
        if span is None:
            return self.enclosing(path, b) is None and abs(a - b) <= 3
        return span[0] <= b <= span[1] and self.enclosing(path, b) == span


def is_test_path(path: str) -> bool:
    """Test code by the usual conventions (what the labelling spec leaves unlabelled)."""
    parts = Path(path).parts
    name = parts[-1] if parts else ""
    return (
        "tests" in parts[:-1]
        or name.startswith("test_")
        or name.endswith("_test.py")
        or name == "conftest.py"
    )


def score(
    project: str,
    breaks: list[Site],
    clean: list[Site],
    findings: list[Finding],
    functions: Functions,
    reviews: tuple[Review, ...] = (),
) -> Score:
    result = Score(project, breaks=breaks, clean=clean)
    used: set[int] = set()
    for site in breaks:
        near = [
            (i, f)
            for i, f in enumerate(findings)
            if i not in used and f.path == site.path and abs(f.line - site.line) <= LINE_SLACK
        ]
        right = [(i, f) for i, f in near if f.code == site.code]
        if right:
            used.add(right[0][0])
            result.found.append((site, right[0][1]))
            # A second finding of the same code at the same break is the same report.
            used.update(i for i, f in right[1:])
        else:
            result.missed.append(site)
            if near:
                used.add(near[0][0])
                result.wrong_code.append((site, near[0][1]))
    for i, finding in enumerate(findings):
        if i in used:
            continue
        holder = next(
            (
                s
                for s in clean
                if s.path == finding.path and functions.same_place(s.path, s.line, finding.line)
            ),
            None,
        )
        review = next(
            (
                r
                for r in reviews
                if r.path == finding.path
                and r.code == finding.code
                and abs(r.line - finding.line) <= LINE_SLACK
            ),
            None,
        )
        if holder is not None:
            result.false_alarms.append((holder, finding))
        elif is_test_path(finding.path):
            result.in_tests.append(finding)
        elif review is not None:
            (result.reviewed_true if review.true else result.reviewed_false).append(
                (review, finding)
            )
        else:
            result.unlabelled.append(finding)
    return result


def label_files(set_dir: Path) -> list[Path]:
    whole = set_dir / "labels.json"
    return ([whole] if whole.is_file() else []) + sorted(set_dir.glob("*.labels.json"))


def sets() -> list[str]:
    return sorted(p.name for p in HERE.iterdir() if p.is_dir() and label_files(p))


def load_labels(set_dir: Path) -> dict[str, Any]:
    """The set's projects: those of ``labels.json`` and one per ``<project>.labels.json``."""
    files = label_files(set_dir)
    if not files:
        raise ScoreError(f"{set_dir} has no labels.json and no <project>.labels.json")
    projects: list[dict[str, Any]] = []
    for file in files:
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ScoreError(f"{file}: not JSON ({exc})") from exc
        projects.extend(data["projects"] if file.name == "labels.json" else [data])
    return {"set": set_dir.name, "projects": projects}


def only_projects(labels: dict[str, Any], names: list[str]) -> dict[str, Any]:
    chosen = [p for p in labels["projects"] if project_dir(p["repo"]) in names]
    unknown = set(names) - {project_dir(p["repo"]) for p in chosen}
    if unknown:
        raise ScoreError(f"no labelled project named {', '.join(sorted(unknown))}")
    return labels | {"projects": chosen}


def reviews_of(project: dict[str, Any]) -> tuple[Review, ...]:
    return tuple(
        Review(r["path"], int(r["line"]), r["code"], r["verdict"] == "true", r["reason"])
        for r in project.get("reviews", [])
    )


def project_dir(repo: str) -> str:
    """`owner/name` -> the reconstruction folder name (the repository's name)."""
    return repo.split("/", 1)[1]


def score_reconstructions(set_dir: Path, labels: dict[str, Any], cli: str) -> list[Score]:
    """(a): the reconstructions, copied out of the repository so that no config or test-path
    rule of this repository decides what is checked."""
    scores = []
    clean_by_project: dict[str, list[Site]] = {}
    for project in labels["projects"]:
        name = project_dir(project["repo"])
        for site in project["sites"]:
            if site["verdict"] == "clean" and site.get("corpus_file"):
                corpus_file = site["corpus_file"].removeprefix(f"{name}/")
                clean_by_project.setdefault(name, []).append(
                    Site(
                        corpus_file,
                        int(site["corpus_line"]),
                        site["function"],
                        None,
                        site["reason"],
                        site.get("doubt", False),
                    )
                )
    doubt_by_marker = {
        (
            project_dir(p["repo"]),
            (s.get("corpus_file") or "").removeprefix(f"{project_dir(p['repo'])}/"),
            s.get("corpus_line"),
        ): s.get("doubt", False)
        for p in labels["projects"]
        for s in p["sites"]
        if s["verdict"] == "break"
    }
    names = {project_dir(p["repo"]) for p in labels["projects"]}
    for folder in sorted(p for p in set_dir.iterdir() if p.is_dir() and p.name in names):
        with tempfile.TemporaryDirectory(prefix="promptlint-real-") as tmp:
            root = Path(tmp) / folder.name
            shutil.copytree(folder, root)
            breaks = []
            for file in sorted(f for f in root.rglob("*") if f.suffix in MARKED_SUFFIXES):
                rel = file.relative_to(root).as_posix()
                for lineno, text in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                    match = EXPECT.search(text)
                    if match:
                        for code in re.split(r"\s*,\s*", match.group(1)):
                            breaks.append(
                                Site(
                                    rel,
                                    lineno,
                                    "",
                                    code,
                                    doubt=doubt_by_marker.get((folder.name, rel, lineno), False),
                                )
                            )
            # Trimmed: their one-shot templates keep a fraction of the original's static
            # text, so the threshold is scaled down as far (as tests/check does).
            (root / "promptlint.toml").write_text(
                f"one-shot-min-tokens = {RECONSTRUCTION_ONE_SHOT_MIN_TOKENS}\n"
            )
            findings, errors = run_check(root, cli)
            result = score(
                folder.name,
                breaks,
                clean_by_project.get(folder.name, []),
                findings,
                Functions(root),
            )
            result.errors = errors
            scores.append(result)
    return scores


def score_sources(src: Path, labels: dict[str, Any], cli: str) -> list[Score]:
    """(b): the original projects at the labelled commits."""
    scores = []
    for project in labels["projects"]:
        root = src / project["repo"].replace("/", "+")
        if not root.is_dir():
            result = Score(project["repo"])
            result.errors.append(
                f"{root} is not a folder: check the project out there at {project['commit']}"
            )
            scores.append(result)
            continue
        breaks: list[Site] = []
        clean: list[Site] = []
        for raw in project["sites"]:
            site = Site(
                raw["path"],
                int(raw["line"]),
                raw["function"],
                raw.get("code"),
                raw["reason"],
                raw.get("doubt", False),
            )
            (breaks if raw["verdict"] == "break" else clean).append(site)
        findings, errors = run_check(root, cli)
        result = score(
            project["repo"], breaks, clean, findings, Functions(root), reviews_of(project)
        )
        result.errors = errors
        scores.append(result)
    return scores


def confident(result: Score) -> Score:
    """The same figures without the sites labelled `doubt` (and the findings matched to them)."""
    return Score(
        result.project,
        breaks=[x for x in result.breaks if not x.doubt],
        clean=[x for x in result.clean if not x.doubt],
        found=[(x, f) for x, f in result.found if not x.doubt],
        missed=[x for x in result.missed if not x.doubt],
        wrong_code=[(x, f) for x, f in result.wrong_code if not x.doubt],
        false_alarms=[(x, f) for x, f in result.false_alarms if not x.doubt],
        unlabelled=list(result.unlabelled),
        in_tests=list(result.in_tests),
        reviewed_true=list(result.reviewed_true),
        reviewed_false=list(result.reviewed_false),
    )


def total(scores: list[Score]) -> Score:
    out = Score("TOTAL")
    for s in scores:
        for name in (
            "breaks",
            "clean",
            "found",
            "missed",
            "wrong_code",
            "false_alarms",
            "unlabelled",
            "in_tests",
            "reviewed_true",
            "reviewed_false",
            "errors",
        ):
            getattr(out, name).extend(getattr(s, name))
    return out


COLUMNS = [
    ("breaks", "breaks"),
    ("found", "found"),
    ("missed", "missed"),
    ("wrong_code", "wrong code"),
    ("false_alarms", "false alarms"),
    ("unlabelled", "unlabelled"),
    ("in_tests", "in tests"),
    ("reviewed_true", "reviewed true"),
    ("reviewed_false", "reviewed false"),
    ("clean_sites", "clean"),
    ("false_alarms_per_20_clean", "FA/20 clean"),
    ("precision", "precision"),
]


def text_table(title: str, scores: list[Score]) -> str:
    sure = total([confident(s) for s in scores])
    sure.project = "TOTAL without doubtful sites"
    rows = [
        [s.project] + [str(s.counts()[k]) for k, _ in COLUMNS]
        for s in [*scores, total(scores), sure]
    ]
    head = ["project"] + [label for _, label in COLUMNS]
    widths = [max(len(r[i]) for r in [*rows, head]) for i in range(len(head))]
    fmt = "  ".join(f"{{:<{w}}}" if i == 0 else f"{{:>{w}}}" for i, w in enumerate(widths))
    lines = [f"== {title} ==", fmt.format(*head)] + [fmt.format(*r) for r in rows]
    for s in scores:
        tag = f"{s.project}:"
        for site in s.missed:
            doubt = " (doubt)" if site.doubt else ""
            lines.append(f"  missed       {tag} {site.path}:{site.line} {site.code}{doubt}")
        for site, f in s.wrong_code:
            lines.append(
                f"  wrong code   {tag} {site.path}:{site.line} labelled {site.code},"
                f" reported {f.code} at {f.line}"
            )
        for site, f in s.false_alarms:
            lines.append(
                f"  false alarm  {tag} {f.path}:{f.line} {f.code}"
                f" in clean site {site.function or site.line}: {f.message[:100]}"
            )
        for r, f in s.reviewed_false:
            lines.append(f"  false (rev.) {tag} {f.path}:{f.line} {f.code}: {r.reason[:100]}")
        for f in s.unlabelled:
            lines.append(f"  unlabelled   {tag} {f.path}:{f.line} {f.code}: {f.message[:100]}")
        for f in s.in_tests:
            lines.append(f"  in tests     {tag} {f.path}:{f.line} {f.code}: {f.message[:100]}")
        for e in s.errors:
            lines.append(f"  error        {tag} {e}")
    return "\n".join(lines)


def as_json(scores: list[Score]) -> dict[str, Any]:
    def finding(f: Finding) -> dict[str, Any]:
        return {"path": f.path, "line": f.line, "code": f.code, "message": f.message}

    def one(s: Score) -> dict[str, Any]:
        return {
            "project": s.project,
            **s.counts(),
            "missed_sites": [
                {"path": x.path, "line": x.line, "code": x.code, "doubt": x.doubt} for x in s.missed
            ],
            "wrong_code_findings": [finding(f) | {"labelled": x.code} for x, f in s.wrong_code],
            "false_alarm_findings": [
                finding(f) | {"clean_site": x.function} for x, f in s.false_alarms
            ],
            "unlabelled_findings": [finding(f) for f in s.unlabelled],
            "reviewed_false_findings": [
                finding(f) | {"reason": r.reason} for r, f in s.reviewed_false
            ],
            "test_file_findings": [finding(f) for f in s.in_tests],
            "errors": s.errors,
        }

    return {
        "projects": [one(s) for s in scores],
        "total": total(scores).counts(),
        "total_without_doubtful_sites": total([confident(s) for s in scores]).counts(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="dev", choices=sets())
    parser.add_argument(
        "--src", type=Path, help="folder with the original projects as <owner>+<name>/"
    )
    parser.add_argument(
        "--project",
        action="append",
        metavar="NAME",
        help="only this project (its repository's name; repeatable): one big project at a time",
    )
    parser.add_argument("--format", default="text", choices=["text", "json"])
    args = parser.parse_args(argv)
    set_dir = HERE / args.set
    try:
        labels = load_labels(set_dir)
        cli = promptlint_cli()
        if args.project:
            labels = only_projects(labels, args.project)
    except ScoreError as exc:
        print(f"score.py: {exc}", file=sys.stderr)
        return 0
    results = {"reconstructions": score_reconstructions(set_dir, labels, cli)}
    if args.src is not None:
        results["sources"] = score_sources(args.src, labels, cli)
    if args.format == "json":
        print(json.dumps({"set": args.set} | {k: as_json(v) for k, v in results.items()}, indent=2))
    else:
        print("\n\n".join(text_table(f"{args.set}: {k}", v) for k, v in results.items()))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        # `score.py | head` closed the pipe: nothing more to say.
        sys.stderr.close()
        sys.exit(0)
