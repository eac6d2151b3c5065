"""Abstract values: what the analysis knows about an expression.

A value keeps the structure a prompt needs (string parts in order, list items in order,
dict fields by key) and the *taints* it carries: where something per-request or
order-unstable came from. `own` taints belong to the value as a whole (a list built
from a set iteration); component taints live in parts, items and fields.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

import libcst as cst

# Taint kinds and the rule code each maps to.
TIMESTAMP = "timestamp"  # PL101
ID = "id"  # PL102 (uuid, pid, host, counters, id())
RANDOM = "random"  # PL103
CALLER = "caller"  # PL104 (function parameters, request fields)
# PL104: what the code looks up for this request or conversation (retrieved documents,
# memories, skills): it differs between requests wherever it comes from.
STATE = "state"
UNORDERED = "unordered"  # PL201 (set iteration, listdir, shuffle, MCP list_tools)
UNSORTED_JSON = "unsorted-json"  # PL202 (json.dumps without sort_keys of KEY_SOURCE data)
# Evidence for PL202, reported by no rule itself: a dict whose key order is decided outside
# the code (a database row, a Redis hash, `**kwargs`), so the same data can come in another
# order. Without it json.dumps is stable: the same code path builds the same order.
KEY_SOURCE = "key-source"
WINDOW = "window"  # PL301 (history[-N:], pop(0))

VOLATILE = frozenset({TIMESTAMP, ID, RANDOM})

# How a CALLER taint says its list or text grows on every pass of the loop that reads it
# (`archive` read for the request, then `archive.append(answer)`): each pass sends more.
GROWN = "(grown on every pass of the loop it is read in)"


@dataclass(frozen=True, eq=False)
class Taint:
    kind: str
    node: cst.CSTNode = field(repr=False)  # where it came from: the reported location
    detail: str  # e.g. "datetime.now()"
    # How the safe fix rewrites `node` (e.g. "sorted" or "sort_keys"); None: no safe fix.
    fix: str | None = None
    source: str | None = None  # what made it a problem (PL202: where the key order comes from)
    # A CALLER value grown on every pass of the loop it is read in (its detail says GROWN).
    grown: bool = False

    def __hash__(self) -> int:
        # Taints are compared by identity, and hashed by what they say: the order of a set
        # of taints (which one a message names when two tie) is then the same in every
        # run. By identity it followed memory addresses and changed from run to run.
        return zlib.crc32(f"{self.kind}\0{self.detail}".encode())


@dataclass(frozen=True)
class Static:
    text: str


@dataclass(frozen=True)
class Dyn:
    taints: frozenset[Taint]
    node: cst.CSTNode | None = field(default=None, repr=False)  # the interpolated expression
    # The expression that made the value before `node` placed it (what a name placed by an
    # f-string hole or a `.format` argument was assigned): where a finding about it goes.
    made: cst.CSTNode | None = field(default=None, repr=False, compare=False)


Part = Static | Dyn


@dataclass
class Val:
    own: frozenset[Taint] = frozenset()
    parts: tuple[Part, ...] | None = None  # a string with known pieces
    items: tuple[Val, ...] | None = None  # a list/tuple with known elements, in order
    fields: dict[str, Val] | None = None  # a dict display with string keys
    spread: bool = False  # stands for zero or more items (`*history`, `extend(x)`)
    kind: str | None = None  # "message" | "lc-system" | "lc-human" | "lc-ai" | "template"
    role: str | None = None
    node: cst.CSTNode | None = field(default=None, repr=False)  # the expression that produced it
    # For a prompt template: variable name -> True when it sits in the prefix.
    template_vars: dict[str, bool] | None = None

    def all_taints(self) -> frozenset[Taint]:
        out = set(self.own)
        for part in self.parts or ():
            if isinstance(part, Dyn):
                out |= part.taints
        for item in self.items or ():
            out |= item.all_taints()
        for value in (self.fields or {}).values():
            out |= value.all_taints()
        return frozenset(out)

    def with_own(self, extra: Iterable[Taint]) -> Val:
        extra = frozenset(extra)
        return replace(self, own=self.own | extra) if extra else self

    def text_parts(self) -> tuple[Part, ...]:
        """The value as string pieces (a value with unknown text is one dynamic piece)."""
        if self.parts is not None:
            return self.parts
        taints = self.all_taints()
        if self.kind is None and self.items is None and self.fields is None and not taints:
            return (Dyn(frozenset(), self.node),)
        return (Dyn(taints, self.node),)

    def field(self, key: str) -> Val | None:
        return None if self.fields is None else self.fields.get(key)


UNKNOWN = Val()


def const_str(text: str, node: cst.CSTNode | None = None) -> Val:
    return Val(parts=(Static(text),), node=node)


def join_parts(*groups: Iterable[Part]) -> tuple[Part, ...]:
    out: list[Part] = []
    for group in groups:
        for part in group:
            if isinstance(part, Static) and out and isinstance(out[-1], Static):
                out[-1] = Static(out[-1].text + part.text)
            elif not (isinstance(part, Static) and not part.text):
                out.append(part)
    return tuple(out)


def merge(vals: Iterable[Val], node: cst.CSTNode | None = None) -> Val:
    """A value that may be any of `vals`: keeps only their taints."""
    taints: set[Taint] = set()
    for v in vals:
        taints |= v.all_taints()
    return Val(own=frozenset(taints), node=node)


def static_text(parts: Iterable[Part]) -> str:
    return "".join(p.text for p in parts if isinstance(p, Static))


def own_input(part: Part) -> bool:
    """A piece of the request's own input: a value given for this call or looked up for it
    (a parameter, retrieved documents). In a one-shot prompt nothing after it is reused."""
    return isinstance(part, Dyn) and any(t.kind in (CALLER, STATE) for t in part.taints)
