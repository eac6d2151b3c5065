"""Whether the order of what a name holds is ever read.

A collection built in an unstable order (from an MCP listing, a set) is harmless when the
code only looks things up in it: `name in tools`, `tools[name]`, `tools.get(name)`,
`set(tools)`, `len(tools)`, `tools == previous`. Its order reaches a prompt only where it
is iterated, returned, passed on or formatted. PL201 asks this of values found by name
(`current_tools`) before it calls their order part of the prefix.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from promptlint.python import catalogue as cat
from promptlint.python.index import Scope, child_nodes, dotted, key_of, makes_set

# Methods that look up or test, whatever order the receiver has.
_LOOKUP_METHODS = frozenset(
    {"get", "__contains__", "__getitem__", "count", "index", "issubset", "issuperset"}
)
# Views that keep the receiver's order: order-free when they are used order-free.
_VIEWS = frozenset({"keys", "values", "items"})
_ORDER_FREE_TESTS = (cst.In, cst.NotIn, cst.Equal, cst.NotEqual, cst.Is, cst.IsNot)
MAX_FOLLOW = 3  # assignments followed (`self.schemas = current`) before giving up


def order_read(scope: Scope, key: str, depth: int = 0) -> bool:
    """True when some read of `key` (a local, a module name, or `self.attr` in any method
    of the class) can pass its order on, or when it is an attribute or module name read
    nowhere here; False when every read is a lookup or a test."""
    if depth > MAX_FOLLOW:
        return True
    owner, self_name = _owner(scope, key)
    if owner is None:
        return True
    seen = False
    for chain in _reads(owner, key, self_name):
        passes = _passes_order(chain, scope, depth)
        if passes:
            return True
        seen = seen or passes is not None
    # An attribute or a module name read nowhere here is read elsewhere (a base class,
    # another module): unknown, so its order counts. A local read nowhere goes nowhere.
    local = self_name is None and scope.kind == "function"
    return not seen and not local


def _owner(scope: Scope, key: str) -> tuple[cst.CSTNode | None, str | None]:
    if key.startswith("self."):
        cls = scope.class_scope if scope.kind == "function" else None
        if cls is None or scope.self_name is None:
            return None, None
        return cls.node, scope.self_name
    return scope.node, None


def _reads(root: cst.CSTNode, key: str, self_name: str | None) -> Iterator[list[cst.CSTNode]]:
    """The ancestor chains (root first, the read last) of every load of `key`."""
    name = key.split(".", 1)[1] if self_name is not None else key
    stack: list[tuple[cst.CSTNode, list[cst.CSTNode]]] = [(root, [])]
    while stack:
        node, parents = stack.pop()
        chain = [*parents, node]
        if self_name is not None:
            if (
                isinstance(node, cst.Attribute)
                and node.attr.value == name
                and isinstance(node.value, cst.Name)
                and node.value.value == self_name
            ):
                yield chain
                continue
        elif isinstance(node, cst.Name) and node.value == name:
            yield chain
            continue
        stack.extend((child, chain) for child in child_nodes(node))


def _passes_order(chain: list[cst.CSTNode], scope: Scope, depth: int) -> bool | None:
    """Whether the read at the end of `chain` can pass its order on; None: not a read."""
    node = chain[-1]
    up = chain[-2] if len(chain) > 1 else None
    if (isinstance(up, cst.Arg) and up.keyword is node) or (
        isinstance(up, cst.Attribute) and up.attr is node
    ):
        return None  # `f(tools=...)`, `obj.tools`: the same word, not this name
    for parent in reversed(chain[:-1]):
        if isinstance(parent, (cst.Arg, cst.Element, cst.ComparisonTarget)):
            continue  # wrappers: judged by the node around them
        if isinstance(parent, (cst.AssignTarget, cst.Del)) or (
            isinstance(parent, cst.AnnAssign) and parent.target is node
        ):
            return None  # written or deleted, not read (`table: dict[str, F] = {...}`)
        if isinstance(parent, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            return _assigned_order(parent, node, scope, depth)
        if isinstance(parent, (cst.If, cst.While, cst.IfExp)) and parent.test is node:
            return False
        if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
            return False
        if isinstance(parent, cst.Comparison):
            return not all(isinstance(c.operator, _ORDER_FREE_TESTS) for c in parent.comparisons)
        if isinstance(parent, cst.Subscript):
            # `tools[name]` looks up; `tools[:3]` keeps the order.
            if parent.value is not node:
                return False
            return any(isinstance(s.slice, cst.Slice) for s in parent.slice)
        if isinstance(parent, cst.Attribute) and parent.value is node:
            if parent.attr.value in _LOOKUP_METHODS:
                return False
            if parent.attr.value in _VIEWS:
                node = parent  # `x.keys()`: judged by how the view is used
                continue
            return True
        if isinstance(parent, cst.Call):
            if parent.func is node:
                if isinstance(node, cst.Attribute) and node.attr.value in _VIEWS:
                    node = parent
                    continue
                return True
            if _into_set(parent, chain):
                return False
            func = dotted(parent.func) if isinstance(parent.func, cst.BaseExpression) else None
            return func not in cat.ORDER_INSENSITIVE
        return True
    return True


def _assigned_order(
    stmt: cst.Assign | cst.AnnAssign | cst.AugAssign, node: cst.CSTNode, scope: Scope, depth: int
) -> bool:
    """`self.schemas = current`: the order passes on when the new name's order is read."""
    if stmt.value is not node:
        return True
    targets: list[cst.BaseExpression]
    if isinstance(stmt, cst.Assign):
        targets = [t.target for t in stmt.targets]
    elif isinstance(stmt, cst.AnnAssign):
        targets = [stmt.target]
    else:
        return True
    for target in targets:
        key = key_of(target, scope)
        if key is None or order_read(scope, key, depth + 1):
            return True
    return False


# Set methods that take in another collection: its order is lost in the set.
_SET_INTAKE = frozenset(
    {
        "update",
        "union",
        "intersection",
        "difference",
        "symmetric_difference",
        "intersection_update",
        "difference_update",
        "symmetric_difference_update",
        "isdisjoint",
    }
)


def _into_set(call: cst.Call, chain: list[cst.CSTNode]) -> bool:
    """`names.update(self._tools.keys())` where `names` is a set made in the same function
    (`names: set[str] = set()`): the order of what goes in is gone."""
    func = call.func
    if not (
        isinstance(func, cst.Attribute)
        and func.attr.value in _SET_INTAKE
        and isinstance(func.value, cst.Name)
    ):
        return False
    fn = next((n for n in reversed(chain) if isinstance(n, cst.FunctionDef)), None)
    return fn is not None and _holds_set(fn, func.value.value)


def _holds_set(fn: cst.FunctionDef, name: str) -> bool:
    """Whether every assignment of `name` in `fn` makes a set, and there is one."""
    values: list[cst.BaseExpression | None] = []
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Assign):
            if any(isinstance(t.target, cst.Name) and t.target.value == name for t in node.targets):
                values.append(node.value)
        elif isinstance(node, cst.AnnAssign):
            if isinstance(node.target, cst.Name) and node.target.value == name:
                values.append(node.value)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue  # another scope
        stack.extend(child_nodes(node))
    return bool(values) and all(makes_set(v) for v in values)
