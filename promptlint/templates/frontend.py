"""The Jinja front end of `check`: prompt templates and chat templates.

Reads `*.jinja`, `*.jinja2`, `*.j2`, `chat_template.jinja`, and the chat templates
embedded in `chat_template.json` / `tokenizer_config.json` (each named template on its
own). Runs the static Jinja rules on the parsed template and, for chat templates (those
rendered over `messages`), the render check. A template that does not parse, or that
raises on a plain conversation, becomes a FileError with its position; the run goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import jinja2

from promptlint.check.frontends import FrontendResult
from promptlint.check.not_prompts import extends_page, is_page
from promptlint.findings import FileError, Finding, Fix
from promptlint.templates.analysis import TemplateAnalysis, analyse
from promptlint.templates.loading import (
    TemplateLoadError,
    TemplateSource,
    load_templates,
)
from promptlint.templates.render_check import RenderIssue, RenderReport, check_template
from promptlint.templates.render_report import group_by_reason
from promptlint.templates.rule import JinjaRule
from promptlint.templates.token_count import TokenCounter, counter_for

if TYPE_CHECKING:
    from promptlint.check.config import CheckConfig
    from promptlint.check.rule import Rule


# Render-check kinds about one request's stability (not about turn-over-turn history).
STABILITY_KINDS = frozenset(
    {"nondeterministic", "clock-time", "clock-day", "random", "date-string"}
)


@lru_cache(maxsize=32)
def _counter(directory: str) -> TokenCounter:
    # One tokenizer load per model folder, however many templates it holds.
    return counter_for(Path(directory) / "chat_template.jinja")


class TemplateFrontend:
    name = "jinja"
    # Rule examples (tests/check/test_rule_examples.py) are checked under this name.
    example_path = "example.jinja"

    def check_text(
        self, path: str, text: str, rules: Sequence[type[Rule]], config: CheckConfig
    ) -> FrontendResult:
        result = FrontendResult()
        if is_page(text) or extends_page(path, text):
            return result  # a web page, not a prompt
        try:
            sources = load_templates(path, text)
        except TemplateLoadError as exc:
            result.errors.append(FileError(path, exc.reason, exc.line, exc.column))
            return result
        jinja_rules = [r for r in rules if issubclass(r, JinjaRule)]
        for src in sources:
            try:
                self._check_template(src, jinja_rules, result)
            except RecursionError:
                result.errors.append(_error(src, "template too deeply nested to check", None))
        return result

    def _check_template(
        self, src: TemplateSource, rules: list[type[JinjaRule]], result: FrontendResult
    ) -> None:
        try:
            analysis = analyse(src)
        except jinja2.TemplateSyntaxError as exc:
            result.errors.append(_error(src, f"template syntax error: {exc.message}", exc.lineno))
            return
        static: list[Finding] = []
        for rule in rules:
            for hit in rule().check(analysis):
                static.append(_finding(rule, src, hit.line, hit.column, hit.message, hit.fix))
        render: list[Finding] = []
        render_rules = {r.CODE: r for r in rules if r.RENDER_CHECK}
        # Model servers render one self-contained template; app templates that extend or
        # include others get the static rules only.
        if analysis.is_chat and render_rules and not analysis.uses_other_templates:
            render = self._render_findings(src, analysis, render_rules, result)
        # A render finding on the same line confirms a static one: report them as one.
        merged: list[Finding] = []
        for finding in static:
            twin = next(
                (
                    r
                    for r in render
                    if r.code == finding.code
                    and r.details["template_line"] == finding.details["template_line"]
                ),
                None,
            )
            if twin is None:
                merged.append(finding)
                continue
            render.remove(twin)
            merged.append(
                replace(
                    finding,
                    message=f"{finding.message} Rendering confirms it: {twin.message}",
                    details={**twin.details, **finding.details},
                )
            )
        for twin in list(render):
            if twin.details.get("kind") not in STABILITY_KINDS:
                continue
            # A value printed through a macro shows at the macro's call site in the render:
            # it confirms the static finding of the same code wherever that is.
            for i, finding in enumerate(merged):
                if finding.code == twin.code and "render_check" not in finding.details:
                    merged[i] = replace(
                        finding,
                        message=f"{finding.message} Rendering confirms it: {twin.message}",
                        details={**twin.details, **finding.details},
                    )
                    render.remove(twin)
                    break
        merged.extend(render)
        if src.embedded:
            merged = [
                replace(
                    f,
                    message=f"{f.message} [{src.json_path}, template line "
                    f"{f.details['template_line']}:{f.details['template_column']}]",
                )
                for f in merged
            ]
        result.findings.extend(merged)

    def _render_findings(
        self,
        src: TemplateSource,
        analysis: TemplateAnalysis,
        rules: dict[str, type[JinjaRule]],
        result: FrontendResult,
    ) -> list[Finding]:
        report = check_template(
            src.source,
            label=src.label,
            path=src.path,
            counter=_counter(str(Path(src.path).parent)),
            # transformers picks a template named `tool_use` only for requests with tools.
            tools_only=src.name == "tool_use",
            # A server loads a chat template file with its own environment only: a filter
            # it lacks fails there too. An application's template runs with the app's.
            app_helpers=not src.is_chat_file,
        )
        if report.error is not None:
            result.errors.append(_error(src, report.error.message, report.error.line))
            return []
        findings = []
        for issue in report.issues:
            rule = rules.get(issue.code)
            if rule is None:
                continue
            line = issue.line or 1
            column = _first_column(analysis, line)
            message, details = issue.message(), _details(issue)
            if report.assumed_helpers:
                message = f"{message} {report.assumption()}"
                details["assumptions"] = [report.assumption()]
            findings.append(_finding(rule, src, line, column, message, details=details))
        incomplete = rules.get("PL302")
        if incomplete is not None:
            findings.extend(_incomplete_findings(incomplete, src, analysis, report))
        return findings


def _incomplete_findings(
    rule: type[JinjaRule], src: TemplateSource, analysis: TemplateAnalysis, report: RenderReport
) -> list[Finding]:
    """One note per distinct reason a set of scenarios did not run (or needed llama.cpp)."""
    out = []
    for pairs, say in (
        (
            report.skipped,
            "The render check could not replay {names}: the template raised: {reason}. "
            "Those conversations are not checked.",
        ),
        (
            report.engine_notes,
            "vLLM and SGLang cannot render {names}: transformers' sandbox, which they render "
            "templates in, refuses it ({reason}). They were checked as llama.cpp's engine "
            "renders them.",
        ),
    ):
        for reason, names in group_by_reason(pairs).items():
            line = report.skipped_lines.get(names[0]) or 1
            message = say.format(names=", ".join(f"'{n}'" for n in names), reason=reason)
            column = _first_column(analysis, line)
            details: dict[str, object] = {"render_check": True, "scenarios": names}
            out.append(_finding(rule, src, line, column, message, details=details))
    return out


def _first_column(analysis: TemplateAnalysis, line: int) -> int:
    text = analysis.src.line_text(line)
    return len(text) - len(text.lstrip()) + 1


def _details(issue: RenderIssue) -> dict[str, object]:
    return {
        "render_check": True,
        "kind": issue.kind,
        "scenario": issue.scenario,
        "offset": issue.diff.offset,
        "before": issue.diff.before,
        "after": issue.diff.after,
        "before_line": issue.diff.before_line,
        "after_line": issue.diff.after_line,
        "reused_tokens": issue.reused_tokens,
        "held_tokens": issue.held_tokens,
        "exact": issue.exact_tokens,
        "production": issue.production,
    }


def _finding(
    rule: type[JinjaRule],
    src: TemplateSource,
    line: int,
    column: int,
    message: str,
    fix: Fix | None = None,
    details: dict[str, object] | None = None,
) -> Finding:
    file_line, file_column = src.file_position(line, column)
    if src.embedded:
        fix = None  # offsets are template offsets, not JSON-file offsets
    extra: dict[str, object] = {
        **(details or {}),
        "template_line": line,
        "template_column": column,
        "json_path": src.json_path,
    }
    return rule.finding(src.path, file_line, file_column, message=message, fix=fix, details=extra)


def _error(src: TemplateSource, reason: str, line: int | None) -> FileError:
    if line is None:
        where = f" [{src.json_path}]" if src.embedded else ""
        return FileError(src.path, f"{reason}{where}")
    file_line, file_column = src.file_position(line, 1)
    if src.embedded:
        reason = f"{reason} [{src.json_path}, template line {line}]"
    return FileError(src.path, reason, file_line, file_column)


FRONTEND = TemplateFrontend()
