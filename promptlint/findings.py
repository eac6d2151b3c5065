"""What `promptlint check` reports, whatever the front end (Python, Jinja, chat template)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class FixSafety(str, Enum):
    SAFE = "safe"  # applied by --fix
    UNSAFE = "unsafe"  # applied by --unsafe-fixes
    DISPLAY_ONLY = "display-only"  # shown, never applied


@dataclass(frozen=True)
class Fix:
    """A replacement of source text [start, end) (character offsets) by `replacement`."""

    description: str
    safety: FixSafety
    start: int
    end: int
    replacement: str


@dataclass(frozen=True)
class Finding:
    code: str
    name: str
    path: str
    line: int  # 1-based
    column: int  # 1-based
    end_line: int
    end_column: int
    message: str
    severity: Severity = Severity.WARNING
    fix: Fix | None = None
    # Extra facts a renderer may show (e.g. the render check's snippets).
    details: dict[str, object] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class FileError:
    """A file that could not be checked: reported, and the run goes on."""

    path: str
    reason: str
    line: int | None = None
    column: int | None = None
