"""Regressions from the blind QA evaluation of `promptlint check` (false alarms, misses,
duplicates) that the line-based corpus cannot express."""

from __future__ import annotations

import textwrap
from pathlib import Path

from promptlint.check import registry
from promptlint.check.config import CheckConfig
from promptlint.check.engine import RunOptions, check_file
from promptlint.findings import Finding


def _check(tmp_path: Path, source: str) -> list[Finding]:
    path = tmp_path / "case.py"
    path.write_text(textwrap.dedent(source).lstrip())
    out = check_file(path, registry.all_rules("python"), CheckConfig(root=tmp_path), RunOptions())
    assert not out.errors, out.errors
    return out.findings


def test_set_intersection_is_one_unordered_value(tmp_path: Path) -> None:
    findings = _check(
        tmp_path,
        """
        import litellm
        SPECS = {"a": {"type": "function"}, "b": {"type": "function"}}

        def ask(q: str, allowed: list[str]):
            enabled = set(allowed) & set(SPECS)
            tools = [SPECS[n] for n in enabled]
            msgs = [{"role": "user", "content": q}]
            return litellm.completion(model="gpt-4o", messages=msgs, tools=tools)
        """,
    )
    assert [f.code for f in findings] == ["PL201"]


def test_frozenset_of_set_display_is_one_unordered_value(tmp_path: Path) -> None:
    findings = _check(
        tmp_path,
        """
        from openai import OpenAI
        client = OpenAI()
        CATEGORIES = frozenset({"billing", "bug", "other"})

        def triage(ticket: str):
            prop = {"type": "string", "enum": list(CATEGORIES)}
            tool = {"type": "function", "function": {"name": "cat", "parameters": {
                "type": "object", "properties": {"c": prop}}}}
            return client.chat.completions.create(model="gpt-4o", tools=[tool],
                messages=[{"role": "user", "content": ticket}])
        """,
    )
    assert [f.code for f in findings] == ["PL201"]
