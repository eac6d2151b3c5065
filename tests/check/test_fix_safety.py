"""The engine never keeps a fix that makes the file unparsable."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from promptlint.check import engine
from promptlint.check.config import CheckConfig
from promptlint.check.frontends import FrontendResult
from promptlint.check.rule import Rule
from promptlint.findings import FileError, Finding, Fix, FixSafety


class _BreakingFrontend:
    name = "python"

    def matches(self, path: Path) -> bool:
        return True

    def check_text(
        self, path: str, text: str, rules: Sequence[type[Rule]], config: CheckConfig
    ) -> FrontendResult:
        if "BROKEN" in text:
            return FrontendResult(errors=[FileError(path, "syntax error")])
        fix = Fix("break it", FixSafety.SAFE, 0, 3, "BROKEN")
        code, name = rules[0].CODE, rules[0].NAME
        finding = Finding(code, name, path, 1, 1, 1, 4, "msg", fix=fix)
        return FrontendResult(findings=[finding])


def test_a_fix_that_breaks_the_file_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    from promptlint.check import registry

    rule = registry.all_rules("python")[0]
    monkeypatch.setattr(engine, "frontend_for_path", lambda path: _BreakingFrontend())
    out = engine.check_text("x.py", "abc = 1\n", [rule], CheckConfig(), engine.RunOptions(fix=True))
    assert out.fixed is None  # nothing to write
    assert out.fixes_applied == 0
    assert not out.errors
    assert [f.code for f in out.findings] == [rule.CODE]


def test_set_kept_in_a_variable_gets_no_sorted_fix() -> None:
    from promptlint.check import registry

    code = (
        "from openai import OpenAI\n"
        "client = OpenAI()\n"
        'STATUSES = {"open", "closed"}\n'
        "def ask(q):\n"
        '    schema = {"enum": list(STATUSES)}\n'
        '    tools = [{"type": "function", "function": {"name": "s", "parameters": schema}}]\n'
        '    return client.chat.completions.create(model="m", tools=tools, messages=[q])\n'
        "def ask2(q, names):\n"
        '    tools = [{"name": n} for n in set(names)]\n'
        '    return client.chat.completions.create(model="m", tools=tools, messages=[q])\n'
    )
    rules = [r for r in registry.all_rules("python") if r.CODE == "PL201"]
    out = engine.check_text("x.py", code, rules, CheckConfig(), engine.RunOptions(fix=True))
    assert out.fixed is not None
    # The comprehension's iterable is sorted; the module-level set is left a set.
    assert 'STATUSES = {"open", "closed"}' in out.fixed
    assert "for n in sorted(set(names))" in out.fixed
    # Still reported, where the set becomes a list (`list(STATUSES)`), without a fix.
    assert [f.line for f in out.findings] == [5]
    assert out.findings[0].fix is None
