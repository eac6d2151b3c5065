"""Source ranges of a few nodes, without libcst's PositionProvider.

PositionProvider records a position for every node of the module, which costs more than
the parse. We only need the handful of nodes we report, so we run plain code generation,
count characters, note where the wanted nodes start and end, and stop after the last one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field

import libcst as cst
from libcst._nodes.internal import CodegenState

from promptlint.python.index import Walker, dotted


class _Done(Exception):
    pass


@dataclass
class _LocatingState(CodegenState):
    offset: int = 0
    wanted: dict[int, cst.CSTNode] = field(default_factory=dict)
    starts: dict[int, int] = field(default_factory=dict)
    found: dict[int, tuple[int, int]] = field(default_factory=dict)

    def add_token(self, value: str) -> None:
        self.tokens.append(value)
        self.offset += len(value)

    def add_indent_tokens(self) -> None:
        self.tokens.extend(self.indent_tokens)
        self.offset += sum(len(t) for t in self.indent_tokens)

    def pop_trailing_newline(self) -> None:
        if self.tokens:
            self.offset -= len(self.tokens.pop())

    def before_codegen(self, node: cst.CSTNode) -> None:
        key = id(node)
        if key in self.wanted:
            self.starts[key] = self.offset

    def after_codegen(self, node: cst.CSTNode) -> None:
        key = id(node)
        if key in self.wanted and key in self.starts:
            self.found[key] = (self.starts[key], self.offset)
            if len(self.found) == len(self.wanted):
                raise _Done


class _SameType(Walker):
    def __init__(self, types: set[type]) -> None:
        self.types = types
        self.found: dict[type, list[cst.CSTNode]] = {}

    def walk(self, node: cst.CSTNode) -> None:
        if type(node) in self.types:
            self.found.setdefault(type(node), []).append(node)
        super().walk(node)


def _head(module: cst.Module, node: cst.CSTNode) -> str | None:
    """A cheap key that equal snippets share: the callee or subscripted name."""
    if isinstance(node, cst.Call):
        return dotted(node.func)
    if isinstance(node, cst.Subscript):
        return dotted(node.value)
    return None


def _occurrences(text: str, snippet: str) -> list[int]:
    hits: list[int] = []
    if not snippet:
        return hits
    i = text.find(snippet)
    while i != -1:
        hits.append(i)
        i = text.find(snippet, i + 1)
    return hits


def locate(
    module: cst.Module, text: str, nodes: Iterable[cst.CSTNode]
) -> dict[int, tuple[int, int]]:
    """id(node) -> (start, end) character offsets in `text`, whitespace trimmed.

    `text` must be the text `module` was parsed from (libcst reproduces it exactly).
    """
    wanted = {id(n): n for n in nodes}
    if not wanted:
        return {}
    out: dict[int, tuple[int, int]] = {}
    # A snippet that occurs once in the file is found by search, no code generation needed.
    for key, node in list(wanted.items()):
        snippet = module.code_for_node(node).strip()
        first = text.find(snippet) if snippet else -1
        if first >= 0 and text.find(snippet, first + 1) == -1:
            out[key] = (first, first + len(snippet))
            del wanted[key]
    if not wanted:
        return out
    # A repeated snippet: the k-th node (in source order) with that code is the k-th
    # occurrence, provided the text has no other occurrences (in comments or strings).
    groups: dict[tuple[type, str], list[int]] = {}
    for key, node in wanted.items():
        groups.setdefault((type(node), module.code_for_node(node).strip()), []).append(key)
    collector = _SameType({tp for tp, _ in groups})
    collector.walk(module)
    for (tp, snippet), keys in groups.items():
        heads = {_head(module, wanted[k]) for k in keys}
        same = [
            n
            for n in collector.found.get(tp, [])
            if _head(module, n) in heads and module.code_for_node(n).strip() == snippet
        ]
        hits = _occurrences(text, snippet)
        if len(hits) != len(same):
            continue
        for key in keys:
            k = next((i for i, n in enumerate(same) if id(n) == key), None)
            if k is not None:
                out[key] = (hits[k], hits[k] + len(snippet))
                del wanted[key]
    if not wanted:
        return out
    state = _LocatingState(
        default_indent=module.default_indent, default_newline=module.default_newline
    )
    state.wanted = wanted
    with contextlib.suppress(_Done):  # every wanted node found: stop early
        module._codegen(state)
    for key, (start, end) in state.found.items():
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        out[key] = (start, end)
    return out
