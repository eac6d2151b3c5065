"""The analysis parse (promptlint.python.parse) and the reuse of followed modules' trees."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

import promptlint.python.flow as flow_module
from promptlint.python.frontend import FRONTEND
from promptlint.python.parse import parse_module

SOURCES = [
    "x = 1\n",
    'def f(a, /, b=2, *c, d, **e):\n    return f"{a!r:>{b}} {(yield)}"\n',
    "class C(B, metaclass=M):\n    @dec\n    async def m(self):\n        async with a as b:\n"
    "            await c[1:2, ...]\n",
    "match p:\n    case [1, *rest] if rest:\n        pass\n"
    "    case {'k': v, **kw}:\n        pass\n",
    "lambda x=(1, 2): (x  ,)  # comment\r\n",
]


@pytest.mark.parametrize("text", SOURCES)
def test_same_tree_as_libcst(text: str) -> None:
    ours = parse_module(text)
    assert ours.code == text
    assert ours.deep_equals(cst.parse_module(text))


def test_a_real_module_parses_to_the_same_tree() -> None:
    text = Path(flow_module.__file__).read_text(encoding="utf-8")
    assert parse_module(text).deep_equals(cst.parse_module(text))


def test_nodes_made_after_a_parse_are_still_validated() -> None:
    parse_module("x = 1\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")
    with pytest.raises(cst.ParserSyntaxError):
        parse_module("def (:\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("still not a name")


def test_a_followed_module_is_parsed_once_for_its_own_check(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    util = tmp_path / "app" / "util.py"
    util.write_text("from datetime import datetime\n\ndef now():\n    return datetime.now()\n")
    FRONTEND.prepare([(util, "app/util.py")])
    try:
        project = FRONTEND.project
        assert project is not None
        assert project.parsed("app/util.py", util.read_text()) is None  # not followed yet
        found = project.resolve("app.util.now", None)
        assert found is not None
        reused = project.parsed("app/util.py", util.read_text())
        assert reused is not None and reused[0] is found[0].module
        # The file changed since it was followed (a fix pass): parsed again.
        assert project.parsed("app/util.py", util.read_text() + "\n") is None
    finally:
        FRONTEND.prepare([])


def test_a_walker_class_made_in_a_function_goes_with_its_call() -> None:
    # Rules make small walkers inside functions, a new class at every call: the table of
    # what each visits must go with the class, not stay in a table shared by all walkers.
    import gc
    import weakref

    from promptlint.python.index import Walker

    def names_in(module: cst.Module) -> tuple[list[str], weakref.ref[type]]:
        found: list[str] = []

        class _Names(Walker):
            def visit_Name(self, node: cst.Name) -> None:
                found.append(node.value)

        _Names().walk(module)
        return found, weakref.ref(_Names)

    names, made = names_in(cst.parse_module("x = y + z\n"))
    assert names == ["x", "y", "z"]
    gc.collect()
    assert made() is None
