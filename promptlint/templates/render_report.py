"""What the render check found, and how it is told: positions, snippets, one-line verdicts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from promptlint.templates.sandbox import ENGINES, LLAMA_CPP, TRANSFORMERS
from promptlint.templates.token_count import TokenCounter
from promptlint.templates.tracing import Rendered

SNIPPET_BEFORE, SNIPPET_AFTER = 24, 56


@dataclass(frozen=True)
class Difference:
    """Where two renders part: offset into the first, snippets of both, printing lines."""

    offset: int
    before: str
    after: str
    before_line: int | None
    after_line: int | None


@dataclass(frozen=True)
class RenderIssue:
    code: str
    name: str
    kind: str
    scenario: str
    summary: str
    production: str
    diff: Difference
    # Tokens (or estimated tokens) of the held text before the difference, and in all.
    reused_tokens: int
    held_tokens: int
    exact_tokens: bool

    @property
    def line(self) -> int | None:
        # The line whose output the engine cached and the next render does not reproduce;
        # when that output was the model's own, the line that re-renders it.
        return self.diff.before_line or self.diff.after_line

    def where(self) -> str:
        """Which template lines printed the two sides of the difference."""
        before, after = self.diff.before_line, self.diff.after_line
        if before and after and before != after:
            return f"template line {before} printed the first, line {after} the second"
        if after or before:
            return f"printed by template line {after or before}"
        return "the difference is in the model's generated text"

    def message(self) -> str:
        return (
            f"{self.summary} First difference at character {self.diff.offset:,} "
            f"(scenario '{self.scenario}'; {self.where()}): {self.diff.before!r} became "
            f"{self.diff.after!r}. In production: {self.production}"
        )


@dataclass(frozen=True)
class RenderError:
    message: str
    line: int | None


@dataclass
class RenderReport:
    label: str
    issues: list[RenderIssue] = field(default_factory=list)
    error: RenderError | None = None
    scenarios_run: list[str] = field(default_factory=list)
    # Scenarios that did not run, and why (the template's error, or why they do not apply).
    skipped: list[tuple[str, str]] = field(default_factory=list)
    # Template line of the error that stopped each scenario not run (or refused), if known.
    skipped_lines: dict[str, int | None] = field(default_factory=dict)
    # Scenarios that do not apply to this template (reasoning for a model that has none).
    not_applicable: list[tuple[str, str]] = field(default_factory=list)
    # Scenarios transformers' sandbox refused and llama.cpp's engine rendered, and why.
    engine_notes: list[tuple[str, str]] = field(default_factory=list)
    # Each scenario that ran (with its mode): the kinds of turn-over-turn breaks found.
    verdicts: dict[str, list[str]] = field(default_factory=dict)
    token_source: str = ""
    # Template inputs without a default that the check filled with placeholders.
    assumed_inputs: list[str] = field(default_factory=list)
    # The application's own filters/tests/functions the sandbox stood in for (e.g.
    # "filter `usd`"), or "" when the template uses none.
    assumed_helpers: str = ""

    def assumption(self) -> str:
        """One sentence on the stand-ins, or ""."""
        if not self.assumed_helpers:
            return ""
        return (
            f"Rendered with stand-ins for the application's {self.assumed_helpers} "
            "(filters return their input, tests are false, functions return a placeholder)."
        )

    def text(self) -> str:
        lines = [f"render check: {self.label}"]
        if self.error is not None:
            where = f" (template line {self.error.line})" if self.error.line else ""
            lines.append(f"  error{where}: {self.error.message}")
            return "\n".join(lines)
        lines.append(f"  rendered in {ENGINES[TRANSFORMERS]}")
        lines.append(f"  scenarios replayed: {', '.join(self.scenarios_run)}")
        for name, reason in self.engine_notes:
            lines.append(
                f"  scenario '{name}': transformers' sandbox refuses it ({reason}), so vLLM and "
                f"SGLang cannot serve it; replayed in {ENGINES[LLAMA_CPP]}"
            )
        for name, reason in self.skipped:
            lines.append(f"  scenario '{name}' not run: {reason}")
        for reason, names in group_by_reason(self.not_applicable).items():
            lines.append(f"  not replayed, as they do not apply: {', '.join(names)} ({reason})")
        if self.assumed_inputs:
            shown = ", ".join(self.assumed_inputs)
            lines.append(f"  inputs without a default, filled with placeholders: {shown}")
        if self.assumed_helpers:
            lines.append(f"  {self.assumption()}")
        lines.append(f"  positions in {self.token_source}")
        if not self.issues:
            verdict = (
                "stable across clock times and random seeds, and every request's render "
                "extends what the engine held after the previous one."
            )
            if self.skipped:
                lines.append(
                    f"  no issue in the scenarios that ran: {verdict} {len(self.skipped)} "
                    "scenario(s) did not run (above) and are not checked."
                )
            else:
                lines.append(f"  OK: {verdict}")
        for issue in self.issues:
            where = f"template line {issue.line}" if issue.line else "template"
            lines.append(f"  {issue.code} {issue.name} ({where}): {issue.summary}")
            lines.append(f"    scenario: {issue.scenario}; {issue.where()}")
            lines.append(f"    first difference at character {issue.diff.offset:,}:")
            lines.append(f"      before: {issue.diff.before!r}")
            lines.append(f"      after:  {issue.diff.after!r}")
            lines.append(f"    In production: {issue.production}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "engine": ENGINES[TRANSFORMERS],
            "error": None
            if self.error is None
            else {"message": self.error.message, "line": self.error.line},
            "scenarios_run": self.scenarios_run,
            "skipped": [{"scenario": s, "reason": r} for s, r in self.skipped],
            "not_applicable": [{"scenario": s, "reason": r} for s, r in self.not_applicable],
            "engine_notes": [{"scenario": s, "reason": r} for s, r in self.engine_notes],
            "verdicts": self.verdicts,
            "token_source": self.token_source,
            "assumed_inputs": self.assumed_inputs,
            "assumed_helpers": self.assumed_helpers,
            "issues": [
                {
                    "code": i.code,
                    "name": i.name,
                    "kind": i.kind,
                    "scenario": i.scenario,
                    "line": i.line,
                    "offset": i.diff.offset,
                    "before": i.diff.before,
                    "after": i.diff.after,
                    "reused_tokens": i.reused_tokens,
                    "held_tokens": i.held_tokens,
                    "exact": i.exact_tokens,
                    "summary": i.summary,
                    "production": i.production,
                }
                for i in self.issues
            ],
        }


def group_by_reason(pairs: list[tuple[str, str]]) -> dict[str, list[str]]:
    """{reason: [scenario, …]}, in first-seen order."""
    out: dict[str, list[str]] = {}
    for name, reason in pairs:
        out.setdefault(reason, []).append(name)
    return out


def snippet(text: str, offset: int) -> str:
    start = max(0, offset - SNIPPET_BEFORE)
    prefix = "…" if start > 0 else ""
    suffix = "…" if offset + SNIPPET_AFTER < len(text) else ""
    return prefix + text[start : offset + SNIPPET_AFTER] + suffix


def difference(before: Rendered, after: Rendered, offset: int) -> Difference:
    return Difference(
        offset=offset,
        before=snippet(before.text, offset),
        after=snippet(after.text, offset),
        before_line=before.line_at(offset) or None,
        after_line=after.line_at(offset) or None,
    )


def count_phrase(n: int, counter: TokenCounter) -> str:
    return f"{n:,} tokens" if counter.exact else f"≈{n:,} tokens (estimate)"


def token_phrase(n: int, counter: TokenCounter) -> str:
    return f"token {n:,}" if counter.exact else f"≈token {n:,} (estimated from characters)"
