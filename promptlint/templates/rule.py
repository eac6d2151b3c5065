"""The base class of Jinja rules (`rules/jinja/`): what a rule sees and what it returns.

A Jinja rule reads one template's `TemplateAnalysis` and returns `TemplateHit`s in
template coordinates; the front end turns them into findings placed in the file (for a
template embedded in JSON, in the JSON file) and drops fixes it cannot place.
Rules whose code the render check also reports set `RENDER_CHECK`: the front end runs
the render check when at least one selected rule asks for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from promptlint.check.rule import Rule
from promptlint.findings import Fix
from promptlint.templates.analysis import TemplateAnalysis


@dataclass(frozen=True)
class TemplateHit:
    line: int  # template line, 1-based
    column: int  # template column, 1-based
    message: str
    end_column: int | None = None
    # Offsets are template offsets; only applied where they are also file offsets.
    fix: Fix | None = None


class JinjaRule(Rule):
    LANGUAGE = "jinja"
    # True: the render check reports this code too (PL101, PL103, PL301).
    RENDER_CHECK: ClassVar[bool] = False

    def check(self, analysis: TemplateAnalysis) -> Iterable[TemplateHit]:
        """Static findings on the template AST (none for render-only rules)."""
        return ()
