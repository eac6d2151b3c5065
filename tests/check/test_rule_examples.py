"""Every registered rule's VALID / INVALID examples, run through the rule's front end."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptlint.check import registry
from promptlint.check.config import CheckConfig, parse_config
from promptlint.check.engine import RunOptions, check_text
from promptlint.check.frontends import frontend_for_language
from promptlint.check.rule import Invalid, Rule, Valid, missing_doc_sections
from promptlint.commands.check import cache_minimum

RULES = registry.all_rules()


def _example_path(rule: type[Rule]) -> str:
    frontend = frontend_for_language(rule.LANGUAGE)
    assert frontend is not None, f"no front end for {rule.LANGUAGE}"
    return getattr(frontend, "example_path", f"example.{rule.LANGUAGE}")


def _cases(kind: str) -> list[tuple[type[Rule], int, Valid | Invalid]]:
    out = []
    for rule in RULES:
        for i, case in enumerate(rule.VALID if kind == "valid" else rule.INVALID):
            out.append((rule, i, case))
    return out


def _ids(cases: list[tuple[type[Rule], int, Valid | Invalid]]) -> list[str]:
    return [f"{r.LANGUAGE}-{r.CODE}-{r.NAME}-{i}" for r, i, _ in cases]


def _config(case: Valid | Invalid) -> CheckConfig:
    cfg = parse_config(dict(case.settings), "example", Path.cwd())
    cfg.cache_minimum = cache_minimum  # as `promptlint check` runs the rules
    return cfg


VALID_CASES = _cases("valid")
INVALID_CASES = _cases("invalid")


def test_rules_are_registered() -> None:
    codes = {(r.LANGUAGE, r.CODE) for r in RULES}
    assert ("python", "PL101") in codes


@pytest.mark.parametrize("rule", RULES, ids=[f"{r.LANGUAGE}-{r.CODE}" for r in RULES])
def test_rule_has_docs_and_examples(rule: type[Rule]) -> None:
    assert not missing_doc_sections(rule), f"{rule.CODE} docs lack {missing_doc_sections(rule)}"
    assert rule.NAME.lower() == rule.NAME and " " not in rule.NAME
    assert rule.VALID and rule.INVALID, "every rule needs VALID and INVALID examples"
    assert rule.MESSAGE


@pytest.mark.parametrize(("rule", "i", "case"), VALID_CASES, ids=_ids(VALID_CASES))
def test_valid(rule: type[Rule], i: int, case: Valid) -> None:
    out = check_text(_example_path(rule), case.source, [rule], _config(case))
    assert not out.errors, out.errors
    assert out.findings == [], "\n".join(f"{f.line}:{f.column} {f.message}" for f in out.findings)


@pytest.mark.parametrize(("rule", "i", "case"), INVALID_CASES, ids=_ids(INVALID_CASES))
def test_invalid(rule: type[Rule], i: int, case: Invalid) -> None:
    path = _example_path(rule)
    config = _config(case)
    out = check_text(path, case.source, [rule], config)
    assert not out.errors, out.errors
    hits = [f for f in out.findings if f.line == case.line]
    where = "\n".join(f"{f.line}:{f.column} {f.message}" for f in out.findings)
    assert hits, f"expected {rule.CODE} on line {case.line}; got:\n{where}"
    if case.column is not None:
        assert any(f.column == case.column for f in hits), f"column {case.column} not in:\n{where}"
    if case.message_contains is not None:
        assert any(case.message_contains in f.message for f in hits), where
    expected = case.expected
    if expected is not None:
        fixed = check_text(
            path, case.source, [rule], config, RunOptions(fix=True, unsafe_fixes=True)
        )
        assert fixed.fixed == expected
        # The fixed code is clean for this rule.
        assert check_text(path, expected, [rule], config).findings == []
