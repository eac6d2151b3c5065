"""Output formats of `check`: text, json, sarif (2.1.0), github (workflow annotations)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from promptlint import __version__
from promptlint.check.engine import CheckResult
from promptlint.check.fixes import applicable
from promptlint.check.rule import Rule
from promptlint.findings import Finding, Severity

FORMATS = ("text", "json", "sarif", "github")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFO_URI = "https://github.com/promptlint/promptlint"

_COLOURS = {"path": "1", "code": "1;31", "fix": "36", "dim": "2", "warn": "33"}


def _c(text: str, kind: str, colour: bool) -> str:
    return f"\x1b[{_COLOURS[kind]}m{text}\x1b[0m" if colour else text


def render(
    result: CheckResult,
    fmt: str,
    rules: Sequence[type[Rule]],
    colour: bool = False,
    unsafe: bool = False,
) -> str:
    if fmt == "json":
        return render_json(result, unsafe)
    if fmt == "sarif":
        return render_sarif(result, rules)
    if fmt == "github":
        return render_github(result)
    return render_text(result, colour, unsafe)


def render_text(result: CheckResult, colour: bool, unsafe: bool) -> str:
    lines: list[str] = []
    for f in result.findings:
        mark = " " + _c("[*]", "fix", colour) if applicable(f, unsafe) else ""
        loc = _c(f"{f.path}:{f.line}:{f.column}:", "path", colour)
        lines.append(f"{loc} {_c(f.code, 'code', colour)}{mark} {f.name} {f.message}")
    for e in result.errors:
        where = f"{e.path}:{e.line}:{e.column or 1}:" if e.line else f"{e.path}:"
        lines.append(f"{_c(where, 'path', colour)} {_c('error', 'warn', colour)}: {e.reason}")
    n = len(result.findings)
    fixable = sum(1 for f in result.findings if applicable(f, unsafe))
    hidden = sum(1 for f in result.findings if applicable(f, True)) - fixable
    summary = f"Found {n} finding{'s' if n != 1 else ''} in {_files(result)}"
    if fixable:
        summary += f" ({fixable} fixable with --fix"
        summary += f"; {hidden} more with --unsafe-fixes)" if hidden else ")"
    elif hidden:
        summary += f" ({hidden} fixable with --unsafe-fixes)"
    if result.fixes_applied:
        summary += (
            f"; applied {result.fixes_applied} fix{'es' if result.fixes_applied != 1 else ''}"
        )
    if result.errors:
        n_err = len(result.errors)
        summary += f"; {n_err} file{'s' if n_err != 1 else ''} could not be checked"
    if n or result.errors or result.fixes_applied:
        lines.append(summary + _tests_note(result) + ".")
    else:
        lines.append(f"All checks passed ({_files(result)}){_tests_note(result)}.")
    return "\n".join(lines)


def _files(result: CheckResult) -> str:
    n = result.files_checked
    return f"{n} file{'s' if n != 1 else ''}"


def _tests_note(result: CheckResult) -> str:
    t = result.tests_skipped
    if not t:
        return ""
    return f"; {t} test file{'s' if t != 1 else ''} skipped (include-tests = true checks them)"


def finding_dict(f: Finding, unsafe: bool = False) -> dict[str, Any]:
    fix = None
    if f.fix is not None:
        fix = {
            "description": f.fix.description,
            "safety": f.fix.safety.value,
            "applicable": applicable(f, unsafe),
            "start": f.fix.start,
            "end": f.fix.end,
            "replacement": f.fix.replacement,
        }
    return {
        "code": f.code,
        "name": f.name,
        "path": f.path,
        "line": f.line,
        "column": f.column,
        "end_line": f.end_line,
        "end_column": f.end_column,
        "message": f.message,
        "severity": f.severity.value,
        "fix": fix,
    }


def render_json(result: CheckResult, unsafe: bool = False) -> str:
    doc = {
        "version": __version__,
        "files_checked": result.files_checked,
        "tests_skipped": result.tests_skipped,
        "findings": [finding_dict(f, unsafe) for f in result.findings],
        "errors": [
            {"path": e.path, "reason": e.reason, "line": e.line, "column": e.column}
            for e in result.errors
        ],
        "fixes_applied": result.fixes_applied,
    }
    return json.dumps(doc, indent=2, sort_keys=False)


_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def render_sarif(result: CheckResult, rules: Sequence[type[Rule]]) -> str:
    used = {(f.code, f.name) for f in result.findings}
    catalogue = {(r.CODE, r.NAME): r for r in rules}
    descriptors: list[dict[str, Any]] = []
    index: dict[tuple[str, str], int] = {}
    for key in sorted(set(catalogue) | used):
        rule = catalogue.get(key)
        index[key] = len(descriptors)
        sections = rule.doc_sections() if rule else {}
        descriptors.append(
            {
                "id": key[0],
                "name": key[1],
                "shortDescription": {"text": rule.MESSAGE if rule else key[1]},
                "fullDescription": {"text": sections.get("What it does", key[1])},
                "help": {
                    "text": sections.get("Why is this bad?", ""),
                    "markdown": rule.doc() if rule else "",
                },
                "defaultConfiguration": {
                    "level": _SARIF_LEVEL[rule.SEVERITY] if rule else "warning"
                },
                "properties": {"language": rule.LANGUAGE if rule else "unknown"},
            }
        )
    results = []
    for f in result.findings:
        results.append(
            {
                "ruleId": f.code,
                "ruleIndex": index[(f.code, f.name)],
                "level": _SARIF_LEVEL[f.severity],
                "message": {"text": f"{f.name}: {f.message}"},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": f.path, "uriBaseId": "%SRCROOT%"},
                            "region": {
                                "startLine": f.line,
                                "startColumn": f.column,
                                "endLine": f.end_line,
                                "endColumn": f.end_column,
                            },
                        }
                    }
                ],
            }
        )
    notifications = [
        {
            "level": "error",
            "message": {"text": e.reason},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": e.path, "uriBaseId": "%SRCROOT%"}
                    }
                }
            ],
        }
        for e in result.errors
    ]
    doc = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "promptlint",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "informationUri": INFO_URI,
                        "rules": descriptors,
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": not result.errors,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "results": results,
            }
        ],
    }
    return json.dumps(doc, indent=2)


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_prop(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


_GH_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def render_github(result: CheckResult) -> str:
    lines = []
    for f in result.findings:
        props = (
            f"file={_gh_prop(f.path)},line={f.line},col={f.column},"
            f"endLine={f.end_line},endColumn={f.end_column},title={_gh_prop(f.code + ' ' + f.name)}"
        )
        lines.append(f"::{_GH_LEVEL[f.severity]} {props}::{_gh_data(f.message)}")
    for e in result.errors:
        props = f"file={_gh_prop(e.path)}" + (f",line={e.line}" if e.line else "")
        lines.append(f"::error {props},title=promptlint::{_gh_data(e.reason)}")
    return "\n".join(lines)
