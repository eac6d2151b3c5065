"""Parsing Python source into a libcst tree for the analysis: one place, shared by a
checked file and by the modules its values are followed into.

libcst checks every node's invariants as the node is made (`CSTNode.__post_init__` calls
`_validate`: whitespace matches its pattern, parentheses pair up, ...). A tree that comes
from libcst's own parser holds them by construction, and the checks cost about a sixth of
the parse (libcst's own source notes the same and proposes moving them out of parsing).
So the parse runs with them switched off; nodes made anywhere else (fixes) are still
checked.
"""

from __future__ import annotations

import libcst as cst
from libcst._nodes.base import CSTNode


def _unchecked(self: CSTNode) -> None:
    pass


def parse_module(text: str) -> cst.Module:
    """`libcst.parse_module(text)` without the per-node validation (see the module doc).
    Raises what libcst raises for text that does not parse."""
    checked = CSTNode.__post_init__
    CSTNode.__post_init__ = _unchecked  # type: ignore[method-assign]
    try:
        return cst.parse_module(text)
    finally:
        CSTNode.__post_init__ = checked  # type: ignore[method-assign]
