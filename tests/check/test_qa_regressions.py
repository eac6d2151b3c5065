"""Regressions from the blind QA evaluation of `promptlint check` (false alarms, misses,
duplicates) that the line-based corpus cannot express."""

from __future__ import annotations

import textwrap
from pathlib import Path

import libcst as cst

from promptlint.check import registry
from promptlint.check.config import CheckConfig
from promptlint.check.engine import RunOptions, check_file
from promptlint.findings import Finding
from promptlint.python.flow import Evaluator
from promptlint.python.index import build_index
from promptlint.python.values import Val


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


def test_popleft_is_named_as_written(tmp_path: Path) -> None:
    findings = _check(
        tmp_path,
        """
        from collections import deque
        from openai import OpenAI
        client = OpenAI()

        def ask(q: str, turns: deque):
            turns.popleft()
            msgs = [{"role": "system", "content": "Hi."}, *turns, {"role": "user", "content": q}]
            return client.chat.completions.create(model="gpt-4o", messages=msgs)
        """,
    )
    assert findings and all(f.code == "PL301" for f in findings)
    assert all("popleft(0)" not in f.message for f in findings)
    assert any("`.popleft()`" in f.message or "`turns.popleft()`" in f.message for f in findings)


def test_process_ids_are_not_called_per_request(tmp_path: Path) -> None:
    findings = _check(
        tmp_path,
        """
        import os, socket, uuid
        from openai import OpenAI
        client = OpenAI()

        def ask(q: str):
            system = f"Host {socket.gethostname()} pid {os.getpid()} run {uuid.uuid4()}. Help."
            return client.chat.completions.create(model="gpt-4o", messages=[
                {"role": "system", "content": system}, {"role": "user", "content": q}])
        """,
    )
    by_detail = {f.message.split("`")[1]: f.message for f in findings}
    assert set(by_detail) == {"socket.gethostname()", "os.getpid()", "uuid.uuid4()"}
    assert "worker processes" in by_detail["os.getpid()"]
    assert "every request" not in by_detail["socket.gethostname()"]
    assert "every request" in by_detail["uuid.uuid4()"]


def _bound_work(links: int) -> int:
    """Evaluations with bindings made to read what `header(user)` returns, when the rows it
    counts come from a query chain of `links` links on `self.db`."""
    chain = "".join(f".filter(f{i})" for i in range(links))
    source = textwrap.dedent(
        f"""
        from datetime import datetime

        class Conversations:
            def rows(self, user):
                return self.db.query(user){chain}.all()

            def header(self, user):
                rows = self.rows(user)
                return f"{{len(rows)}} rows. Today is {{datetime.now():%Y-%m-%d}}."
        """
    )
    evaluator = Evaluator(build_index(cst.parse_module(source)))
    module = evaluator.index.module_scope
    assert module is not None
    cls = module.classes["Conversations"]
    header = evaluator.index.scope_of_function[id(cls.functions["header"])]
    returned = evaluator.returned(header, {"user": Val()})
    assert returned is not None and returned.all_taints()  # the clock and the count
    return evaluator._bound_evals


def test_the_work_on_a_method_chain_of_a_bound_receiver_grows_linearly_with_its_length() -> None:
    # Every path of a call that reads its receiver used to evaluate it again with the
    # bindings, at every link: 4^n evaluations for n links, so a 14-link ORM query in a
    # helper kept a whole-tree check busy for hours.
    assert _bound_work(8) < 3 * _bound_work(4)
