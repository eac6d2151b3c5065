"""Front ends: one per language `check` reads (Python via libcst, Jinja templates, ...).

A front end is found by dotted path and imported only when a run needs it.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from promptlint.findings import FileError, Finding

if TYPE_CHECKING:
    from promptlint.check.config import CheckConfig
    from promptlint.check.rule import Rule

FRONTENDS: list[str] = [
    "promptlint.python_frontend:FRONTEND",
    "promptlint.templates.frontend:FRONTEND",
]


@dataclass
class FrontendResult:
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    # A front end may rewrite the text itself; otherwise the engine applies Finding.fix edits.
    fixed_text: str | None = None


class Frontend(Protocol):
    name: str  # = Rule.LANGUAGE of the rules it runs

    def matches(self, path: Path) -> bool: ...

    def check_text(
        self, path: str, text: str, rules: Sequence[type[Rule]], config: CheckConfig
    ) -> FrontendResult: ...


_loaded: list[Frontend] | None = None


def load_frontends() -> list[Frontend]:
    """The front ends that are installed (a missing optional module is skipped)."""
    global _loaded
    if _loaded is None:
        found: list[Frontend] = []
        for target in FRONTENDS:
            module_name, _, attr = target.partition(":")
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as exc:
                if exc.name and module_name.startswith(exc.name):
                    continue
                raise
            found.append(getattr(module, attr))
        _loaded = found
    return _loaded


def frontend_for_language(language: str) -> Frontend | None:
    for frontend in load_frontends():
        if frontend.name == language:
            return frontend
    return None


def frontend_for_path(path: Path) -> Frontend | None:
    for frontend in load_frontends():
        if frontend.matches(path):
            return frontend
    return None
