"""Applying fixes: non-overlapping text edits, chosen by safety."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from promptlint.findings import Finding, FixSafety


def applicable(finding: Finding, unsafe: bool) -> bool:
    if finding.fix is None:
        return False
    if finding.fix.safety is FixSafety.SAFE:
        return True
    return unsafe and finding.fix.safety is FixSafety.UNSAFE


def apply_fixes(text: str, findings: Iterable[Finding], unsafe: bool) -> tuple[str, int]:
    """The text with every applicable, non-overlapping fix applied, and how many were."""
    fixes = sorted(
        {f.fix for f in findings if applicable(f, unsafe) and f.fix is not None},
        key=lambda fix: (fix.start, fix.end),
    )
    out: list[str] = []
    cursor = 0
    applied = 0
    for fix in fixes:
        if fix.start < cursor:  # overlaps one already applied: the next pass gets it
            continue
        out.append(text[cursor : fix.start])
        out.append(fix.replacement)
        cursor = fix.end
        applied += 1
    out.append(text[cursor:])
    return "".join(out), applied


def unified_diff(path: str, before: str, after: str) -> str:
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            fromfile=f"a/{path}",
            tofile=f"b/{path}",
        )
    )
