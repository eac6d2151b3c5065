"""Front ends: one per language `check` reads (Python via libcst, Jinja templates, ...).

A front end is found by dotted path and imported only when a run needs it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Protocol

from promptlint.check.template_files import is_template_path
from promptlint.findings import FileError, Finding

if TYPE_CHECKING:
    from promptlint.check.config import CheckConfig
    from promptlint.check.rule import Rule


def is_python_path(path: PurePath) -> bool:
    return path.suffix == ".py"  # case-sensitive, as Python's own import system


@dataclass(frozen=True)
class FrontendSpec:
    """A front end before it is imported: its language, where it lives, which files it reads.

    Matching by name only lets discovery run without importing any front end, so a run
    over Python files never imports the template front end (and jinja2), and vice versa.
    """

    language: str
    target: str  # "module:attribute"
    matches: Callable[[PurePath], bool]


SPECS: list[FrontendSpec] = [
    FrontendSpec("python", "promptlint.python.frontend:FRONTEND", is_python_path),
    FrontendSpec("jinja", "promptlint.templates.frontend:FRONTEND", is_template_path),
]
FRONTENDS: list[str] = [spec.target for spec in SPECS]


@dataclass
class FrontendResult:
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    # A front end may rewrite the text itself; otherwise the engine applies Finding.fix edits.
    fixed_text: str | None = None


class Frontend(Protocol):
    name: str  # = Rule.LANGUAGE of the rules it runs

    def check_text(
        self, path: str, text: str, rules: Sequence[type[Rule]], config: CheckConfig
    ) -> FrontendResult: ...

    # Optional: `prepare(files, more) -> None`, called before any file is checked with every
    # file of its language in the run and the path its findings show, and `more()`, which
    # lists the rest of the project around named files when called (the Python front end
    # indexes the project there).


_loaded: dict[str, Frontend] = {}  # target -> front end


def _load(spec: FrontendSpec) -> Frontend:
    # Imported on first use only (start-up time), but never guarded: every front end is
    # first-party and its dependencies are the package's own, so a missing module is a
    # packaging error to be seen, not a language to skip.
    frontend = _loaded.get(spec.target)
    if frontend is None:
        module_name, _, attr = spec.target.partition(":")
        frontend = _loaded[spec.target] = getattr(importlib.import_module(module_name), attr)
    return frontend


def spec_for_path(path: Path) -> FrontendSpec | None:
    return next((spec for spec in SPECS if spec.matches(path)), None)


def frontend_for_language(language: str) -> Frontend | None:
    spec = next((s for s in SPECS if s.language == language), None)
    return None if spec is None else _load(spec)


def frontend_for_path(path: Path) -> Frontend | None:
    spec = spec_for_path(path)
    return None if spec is None else _load(spec)
