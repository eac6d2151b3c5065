"""The `check` engine: discover files, hand each to its front end, filter, fix.

Everything language-independent lives here (suppressions, select/ignore, per-file
ignores, fixes); front ends only parse and run rules. Files are checked in parallel
worker processes when there are enough of them to pay for the workers.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from promptlint.check import fixes as fixes_mod
from promptlint.check import registry
from promptlint.check.config import CheckConfig
from promptlint.check.discovery import PatternSet, discover
from promptlint.check.frontends import (
    SPECS,
    frontend_for_language,
    frontend_for_path,
    spec_for_path,
)
from promptlint.check.rule import Rule
from promptlint.check.suppressions import parse_suppressions
from promptlint.errors import UserError
from promptlint.findings import FileError, Finding

# Below this many files a worker pool costs more than it saves.
PARALLEL_MIN_FILES = 24
MAX_FIX_PASSES = 4


@dataclass
class FileOutcome:
    path: str
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    original: str | None = None  # set only when fixes changed the text
    fixed: str | None = None
    fixes_applied: int = 0


@dataclass
class CheckResult:
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    files_checked: int = 0
    tests_skipped: int = 0  # test files left out (config `include-tests` checks them)
    fixed: dict[str, tuple[str, str]] = field(default_factory=dict)  # path -> (before, after)
    fixes_applied: int = 0
    rules: list[type[Rule]] = field(default_factory=list)  # the rules that ran


@dataclass(frozen=True)
class RunOptions:
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    fix: bool = False
    unsafe_fixes: bool = False
    jobs: int | None = None  # None: one per core
    force_exclude: bool = False  # apply `exclude` to paths named on the command line too


def resolve_rules(
    config: CheckConfig, options: RunOptions, languages: Iterable[str] | None = None
) -> list[type[Rule]]:
    """Selected rules: (CLI select, else config select, else all) minus both ignores.

    `languages`: only the rules of these languages (only they are imported); every
    selector is still validated against the whole catalogue.
    """
    langs = None if languages is None else set(languages)
    selectors = list(options.select) or config.select
    chosen: dict[tuple[str, str], type[Rule]] = {}
    pool = registry.rules_of(langs) if not selectors else []
    for sel in selectors:
        pool.extend(registry.rules_for(sel, langs))
    for rule in pool:
        chosen[(rule.LANGUAGE, rule.CODE)] = rule
    for sel in [*config.ignore, *options.ignore]:
        for rule in registry.rules_for(sel, langs):
            chosen.pop((rule.LANGUAGE, rule.CODE), None)
    for codes in config.per_file_ignores.values():
        for code in codes:
            registry.rules_for(code, langs)  # validate early: a typo is exit 2
    return sorted(chosen.values(), key=lambda r: (r.CODE, r.LANGUAGE))


def _rules_for_file(
    path: Path, rules: Sequence[type[Rule]], config: CheckConfig
) -> list[type[Rule]]:
    if not config.per_file_ignores:
        return list(rules)
    dropped: set[tuple[str, str]] = set()
    langs = {r.LANGUAGE for r in rules}
    for pattern, codes in config.per_file_ignores.items():
        if PatternSet.from_lines(config.root, [pattern]).decides(path, False):
            for code in codes:
                dropped |= {(r.LANGUAGE, r.CODE) for r in registry.rules_for(code, langs)}
    return [r for r in rules if (r.LANGUAGE, r.CODE) not in dropped]


def check_text(
    path: str,
    text: str,
    rules: Sequence[type[Rule]],
    config: CheckConfig,
    options: RunOptions = RunOptions(),
) -> FileOutcome:
    """Check (and with options.fix, repeatedly fix) one file's text."""
    frontend = frontend_for_path(Path(path))
    outcome = FileOutcome(path)
    if frontend is None:
        return outcome
    own_rules = [r for r in rules if frontend.name == r.LANGUAGE]
    current = text
    last_applied = 0
    previous: tuple[str, list[Finding]] | None = None
    for _ in range(MAX_FIX_PASSES):
        result = frontend.check_text(path, current, own_rules, config)
        suppressions = parse_suppressions(current)
        codes = {r.CODE for r in own_rules}
        # A finding in another file (a value followed across modules) comes with that
        # file's suppressions already applied.
        findings = [
            f
            for f in result.findings
            if f.code in codes and (f.path != path or not suppressions.suppresses(f))
        ]
        if result.errors and previous is not None:
            # Our own fix broke the file: keep the text before it, never write broken code.
            current, outcome.findings = previous
            outcome.fixes_applied -= last_applied
            break
        outcome.findings, outcome.errors = findings, result.errors
        if not options.fix or result.errors:
            break
        fixed, applied = fixes_mod.apply_fixes(current, findings, options.unsafe_fixes)
        if result.fixed_text is not None and result.fixed_text != current:
            fixed, applied = result.fixed_text, max(applied, 1)
        if applied == 0 or fixed == current:
            break
        previous = (current, findings)
        outcome.fixes_applied += applied
        last_applied = applied
        current = fixed
    if current != text:
        outcome.original, outcome.fixed = text, current
    outcome.findings.sort(key=lambda f: (f.line, f.column, f.code))
    return outcome


def check_file(
    path: Path, rules: Sequence[type[Rule]], config: CheckConfig, options: RunOptions
) -> FileOutcome:
    shown = _display(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return FileOutcome(shown, errors=[FileError(shown, f"cannot read: {exc.strerror or exc}")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return FileOutcome(
            shown, errors=[FileError(shown, f"not UTF-8: {exc.reason} at byte {exc.start}")]
        )
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    outcome = check_text(shown, text, _rules_for_file(path, rules, config), config, options)
    if bom and outcome.original is not None and outcome.fixed is not None:
        # Write back what was read: keep the byte order mark.
        outcome.original, outcome.fixed = "\ufeff" + outcome.original, "\ufeff" + outcome.fixed
    return outcome


def _package_root(path: Path) -> Path:
    """The folder that holds the top package `path` belongs to (its own folder if none)."""
    folder = path.resolve().parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    return folder


def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


# Worker-process state, set once per worker by the pool initializer.
_WORKER: tuple[list[type[Rule]], CheckConfig, RunOptions] | None = None


def _init_worker(codes: list[tuple[str, str]], config: CheckConfig, options: RunOptions) -> None:
    global _WORKER
    by_key = {(r.LANGUAGE, r.CODE): r for r in registry.rules_of({lang for lang, _ in codes})}
    _WORKER = ([by_key[k] for k in codes], config, options)


def _work(path: Path) -> FileOutcome:
    assert _WORKER is not None
    rules, config, options = _WORKER
    return check_file(path, rules, config, options)


def _outcomes(
    files: list[Path], rules: list[type[Rule]], config: CheckConfig, options: RunOptions
) -> Iterator[FileOutcome]:
    jobs = options.jobs or os.cpu_count() or 1
    if jobs <= 1 or len(files) < PARALLEL_MIN_FILES or sys.platform == "win32":
        for path in files:
            yield check_file(path, rules, config, options)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # fork: workers inherit the imported rules and front ends instead of importing again.
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    ctx = multiprocessing.get_context(method)
    keys = [(r.LANGUAGE, r.CODE) for r in rules]
    chunk = max(1, min(64, len(files) // (jobs * 8)))
    with ProcessPoolExecutor(
        max_workers=jobs, mp_context=ctx, initializer=_init_worker, initargs=(keys, config, options)
    ) as pool:
        yield from pool.map(_work, files, chunksize=chunk)


def run_check(paths: Sequence[Path], config: CheckConfig, options: RunOptions) -> CheckResult:
    for path in paths:
        if not path.exists():
            raise UserError(f"no such file or directory: {path}")
    exclude = PatternSet.from_lines(config.root, config.exclude) if config.exclude else None

    def wanted(p: Path) -> bool:
        return any(spec.matches(p) for spec in SPECS)

    skipped: list[Path] | None = None if config.include_tests else []
    found = discover(paths, wanted, exclude, options.force_exclude, skipped)
    files = [p for p in found if wanted(p)]
    # Only the languages found are loaded: rules and front ends are the costly imports.
    languages = {spec.language for spec in map(spec_for_path, files) if spec is not None}
    rules = resolve_rules(config, options, languages)
    result = CheckResult(files_checked=len(files), tests_skipped=len(skipped or ()), rules=rules)
    by_language: dict[str, list[tuple[Path, str]]] = {}
    for p in files:
        spec = spec_for_path(p)
        if spec is not None:
            by_language.setdefault(spec.language, []).append((p, _display(p)))

    def around(language: str) -> list[tuple[Path, str]]:
        # Files named one by one (pre-commit) still import the rest of their package: the
        # folder above each one's top package is listed, only once a value needs it.
        roots = sorted({_package_root(p) for p in paths if p.is_file()})
        named = set(files)
        return [
            (p, _display(p))
            for p in discover(roots, wanted, exclude)
            if p not in named and getattr(spec_for_path(p), "language", None) == language
        ]

    prepared = []
    for language, group in by_language.items():
        prepare = getattr(frontend_for_language(language), "prepare", None)
        if prepare is not None:  # a front end that reads the run as a whole
            prepare(group, functools.partial(around, language))
            prepared.append(prepare)
    try:
        _collect(result, _outcomes(files, rules, config, options))
    finally:
        for prepare in prepared:
            prepare([], None)  # the run's index must not outlive it (check_text callers, tests)
    return result


def _collect(result: CheckResult, outcomes: Iterable[FileOutcome]) -> None:
    seen: set[tuple[str, int, int, str]] = set()
    for outcome in outcomes:
        # The same break can be found from its own file and from a file it flows into:
        # once per place and code across files (one file may report two at one place).
        here = {(f.path, f.line, f.column, f.code) for f in outcome.findings}
        result.findings += [
            f for f in outcome.findings if (f.path, f.line, f.column, f.code) not in seen
        ]
        seen |= here
        result.errors.extend(outcome.errors)
        result.fixes_applied += outcome.fixes_applied
        if outcome.original is not None and outcome.fixed is not None:
            result.fixed[outcome.path] = (outcome.original, outcome.fixed)
