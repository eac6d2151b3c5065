"""The analysis parse (promptlint.python.parse)."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

import promptlint.python.flow as flow_module
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
