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


def locate(
    module: cst.Module, text: str, nodes: Iterable[cst.CSTNode]
) -> dict[int, tuple[int, int]]:
    """id(node) -> (start, end) character offsets in `text`, whitespace trimmed.

    `text` must be the text `module` was parsed from (libcst reproduces it exactly).
    """
    wanted = {id(n): n for n in nodes}
    if not wanted:
        return {}
    state = _LocatingState(
        default_indent=module.default_indent, default_newline=module.default_newline
    )
    state.wanted = wanted
    with contextlib.suppress(_Done):  # every wanted node found: stop early
        module._codegen(state)
    out: dict[int, tuple[int, int]] = {}
    for key, (start, end) in state.found.items():
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        out[key] = (start, end)
    return out
