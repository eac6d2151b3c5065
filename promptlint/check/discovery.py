"""Which files `check` reads: the given paths, minus the usual folders, `.gitignore`
entries and the config's `exclude` patterns (gitignore syntax)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

# Folders nobody wants linted; pruned before any pattern is consulted.
DEFAULT_EXCLUDED_DIRS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".venv",
        "venv",
        ".tox",
        ".nox",
        "__pycache__",
        "build",
        "dist",
        "node_modules",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".eggs",
        "site-packages",
        ".promptlint",
    }
)


@dataclass(frozen=True)
class Pattern:
    regex: re.Pattern[str]
    negated: bool
    dir_only: bool


def compile_pattern(line: str) -> Pattern | None:
    """One gitignore line -> a regex over a '/'-separated path relative to the base."""
    text = line.rstrip("\n").rstrip()
    if not text or text.startswith("#"):
        return None
    negated = text.startswith("!")
    if negated:
        text = text[1:]
    if text.startswith("\\"):
        text = text[1:]
    dir_only = text.endswith("/")
    text = text.rstrip("/")
    if not text:
        return None
    anchored = "/" in text
    text = text.lstrip("/")
    regex = _glob_to_regex(text)
    prefix = "" if anchored else r"(?:.*/)?"
    # A matching folder also covers everything under it.
    return Pattern(re.compile(f"^{prefix}{regex}(?:/.*)?$"), negated, dir_only)


def _glob_to_regex(glob: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(glob):
        c = glob[i]
        if glob.startswith("**/", i):
            out.append(r"(?:.*/)?")
            i += 3
            continue
        if glob.startswith("**", i):
            out.append(r".*")
            i += 2
            continue
        if c == "*":
            out.append(r"[^/]*")
        elif c == "?":
            out.append(r"[^/]")
        elif c == "[":
            end = glob.find("]", i + 1)
            if end == -1:
                out.append(re.escape(c))
            else:
                body = glob[i + 1 : end].replace("\\", "\\\\")
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = end
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


@dataclass(frozen=True)
class PatternSet:
    base: Path
    patterns: tuple[Pattern, ...]

    @classmethod
    def from_lines(cls, base: Path, lines: Sequence[str]) -> PatternSet:
        compiled = (compile_pattern(line) for line in lines)
        return cls(base.resolve(), tuple(p for p in compiled if p is not None))

    def decides(self, path: Path, is_dir: bool) -> bool | None:
        """True: ignored, False: re-included by a `!` pattern, None: no pattern matched."""
        try:
            rel = path.resolve().relative_to(self.base).as_posix()
        except ValueError:
            return None
        verdict: bool | None = None
        for pattern in self.patterns:
            if pattern.dir_only and not is_dir and not _parent_matches(pattern, rel):
                continue
            if pattern.regex.match(rel):
                verdict = not pattern.negated
        return verdict

    def without_patterns_covering(self, path: Path) -> PatternSet:
        """These patterns minus those that exclude `path` itself (or a folder above it)."""
        try:
            rel = path.resolve().relative_to(self.base).as_posix()
        except ValueError:
            return self
        if rel == ".":
            return self
        kept = tuple(
            p
            for p in self.patterns
            if p.negated or not (p.regex.match(rel) or _parent_matches(p, rel))
        )
        return PatternSet(self.base, kept)


def _parent_matches(pattern: Pattern, rel: str) -> bool:
    # "build/" ignores files below a folder named build, though not a file named build.
    parts = rel.split("/")
    return any(pattern.regex.match("/".join(parts[:i])) for i in range(1, len(parts)))


def _read_gitignore(folder: Path) -> PatternSet | None:
    gitignore = folder / ".gitignore"
    try:
        lines = gitignore.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    return PatternSet.from_lines(folder, lines)


def _ignored(path: Path, is_dir: bool, sets: Sequence[PatternSet]) -> bool:
    verdict = False
    for pattern_set in sets:  # outer to inner: deeper .gitignore files win
        decided = pattern_set.decides(path, is_dir)
        if decided is not None:
            verdict = decided
    return verdict


TEST_DIRS = frozenset({"tests"})


def is_test_file(parts: Sequence[str]) -> bool:
    """`tests/...`, `test_*.py`, `*_test.py`, `conftest.py` (path parts below the folder
    being checked): test code sends no production traffic, its prompts are fixtures."""
    name = parts[-1]
    stem = name.rsplit(".", 1)[0]
    return (
        any(part in TEST_DIRS for part in parts[:-1])
        or name == "conftest.py"
        or (name.endswith(".py") and (stem.startswith("test_") or stem.endswith("_test")))
    )


def discover(
    paths: Sequence[Path],
    wanted: Callable[[Path], bool],
    exclude: PatternSet | None = None,
    force_exclude: bool = False,
    skipped_tests: list[Path] | None = None,
) -> Iterator[Path]:
    """Files under `paths` that `wanted` accepts, in a stable (sorted) order.

    As in ruff, a path named on the command line is checked even when the config's
    `exclude` covers it (`promptlint check examples/` in a repository that excludes its
    examples); `exclude` still applies to what is found inside it. With `force_exclude`
    (the pre-commit hook passes it, since pre-commit names every changed file) named
    paths are excluded too. Folders are walked with all the ignore rules.

    With `skipped_tests` (a list to fill), test files found inside a folder are left out
    and collected there; a test file named on the command line is still checked, and so
    is everything under a folder named on the command line when that folder is `tests/`.
    """
    seen: set[Path] = set()
    for path in paths:
        config_sets = [exclude] if exclude is not None else []
        if exclude is not None and not force_exclude:
            config_sets = [exclude.without_patterns_covering(path)]
        if path.is_file():
            named = path.parts if not path.is_absolute() else (path.name,)
            if skipped_tests is not None and force_exclude and is_test_file(named):
                if path not in seen:
                    seen.add(path)
                    skipped_tests.append(path)
            elif not _ignored(path, False, config_sets) and path not in seen:
                seen.add(path)
                yield path
            continue
        if not path.is_dir() or _ignored(path, True, config_sets):
            continue
        sets = list(config_sets)
        # .gitignore files above the folder count too, up to the repository root.
        resolved = path.resolve()
        above = [p for p in resolved.parents]
        root = next((p for p in [resolved, *above] if (p / ".git").exists()), None)
        if root is not None and root != resolved:
            chain = [p for p in reversed(above) if p == root or root in p.parents]
            for parent in chain:
                found = _read_gitignore(parent)
                if found is not None:
                    sets.append(found)
        yield from _walk(path, wanted, sets, seen, (), skipped_tests)


def _walk(
    folder: Path,
    wanted: Callable[[Path], bool],
    sets: list[PatternSet],
    seen: set[Path],
    below: tuple[str, ...],
    skipped_tests: list[Path] | None,
) -> Iterator[Path]:
    own = _read_gitignore(folder)
    if own is not None:
        sets = [*sets, own]
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        child = Path(entry.path)
        try:
            is_dir = entry.is_dir(follow_symlinks=False)  # no symlink loops
        except OSError:
            continue
        if is_dir:
            if entry.name in DEFAULT_EXCLUDED_DIRS or entry.name.endswith(".egg-info"):
                continue
            if _ignored(child, True, sets):
                continue
            yield from _walk(child, wanted, sets, seen, (*below, entry.name), skipped_tests)
        elif wanted(child) and not _ignored(child, False, sets) and child not in seen:
            seen.add(child)
            if skipped_tests is not None and is_test_file((*below, entry.name)):
                skipped_tests.append(child)
            else:
                yield child
