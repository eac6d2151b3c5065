"""One pass over a module: imports, scopes, assignments and mutations in order, and the
nodes the analysis later looks at (calls, message dicts, slices).

Positions are not needed here: each statement gets an ordinal in source order, which is
enough to know which assignment a use sees.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

import libcst as cst

MUTATORS = {
    "append",
    "extend",
    "insert",
    "pop",
    "remove",
    "clear",
    "sort",
    "reverse",
    "update",
    "setdefault",
    "popleft",
    "appendleft",
}


@dataclass
class Event:
    """Something that changes what a name (or `self.attr`) holds."""

    kind: str  # assign | iter | aug | call | setitem | setfield | del | shuffle | unpack | closure
    end: int  # ordinal after the statement: uses with a larger ordinal see it
    node: cst.CSTNode
    value: cst.BaseExpression | None = None
    method: str | None = None  # for kind == "call"
    key: cst.BaseExpression | None = None  # setitem / del subscript
    field: cst.BaseExpression | None = None  # setfield: the item's key (`messages[0]["content"]`)
    loops: tuple[cst.BaseExpression, ...] = ()  # iterables of the loops around the event
    index: int = 0  # position in a tuple target (unpack)
    owner: Scope | None = None  # the function scope the statement is in


@dataclass(eq=False)
class Scope:
    kind: str  # module | function | class
    node: cst.CSTNode
    parent: Scope | None
    name: str = ""
    params: dict[str, cst.Param] = field(default_factory=dict)
    events: dict[str, list[Event]] = field(default_factory=dict)
    functions: dict[str, cst.FunctionDef] = field(default_factory=dict)
    classes: dict[str, Scope] = field(default_factory=dict)
    declared_global: set[str] = field(default_factory=set)
    returns: list[cst.Return] = field(default_factory=list)
    # a generator's `yield`s, with the iterables of the loops around each (their order is
    # the order of what it yields)
    yields: list[tuple[cst.Yield, tuple[cst.BaseExpression, ...]]] = field(default_factory=list)
    self_name: str | None = None  # first parameter of a method
    class_scope: Scope | None = None  # for a method: its class

    def add(self, key: str, event: Event) -> None:
        self.events.setdefault(key, []).append(event)


@dataclass
class Site:
    node: cst.CSTNode
    scope: Scope
    at: int
    loops: tuple[cst.BaseExpression, ...] = ()


@dataclass
class ModuleIndex:
    module: cst.Module
    imports: dict[str, str] = field(default_factory=dict)
    module_scope: Scope | None = None
    calls: list[Site] = field(default_factory=list)
    dicts: list[Site] = field(default_factory=list)
    slices: list[Site] = field(default_factory=list)
    # assignments that put items ahead of a list's own (`messages = [note] + messages`)
    prepends: list[Site] = field(default_factory=list)
    scope_of_function: dict[int, Scope] = field(default_factory=dict)
    ordinal: dict[int, int] = field(default_factory=dict)  # id(node) -> ordinal, for sites
    # module-level names that functions bump with `global n; n += 1` (counters)
    counters: set[str] = field(default_factory=set)
    attr_counters: set[str] = field(default_factory=set)  # "self.attr" bumped in methods
    # small statements (returns among them) under an `except` handler of their function:
    # what it does when its work failed
    in_handler: set[int] = field(default_factory=set)
    # module-level names a module function changes in place (`file_contents[path] = text`,
    # `notes.append(n)`, `global mode; mode = ...`) and that some function calls: state of
    # the running program, not configuration made at import -> the changing function
    run_time_changes: dict[str, str] = field(default_factory=dict)


def key_of(expr: cst.BaseExpression, scope: Scope) -> str | None:
    """The storage key of a name or `self.attr` expression."""
    if isinstance(expr, cst.Name):
        return expr.value
    if (
        isinstance(expr, cst.Attribute)
        and isinstance(expr.value, cst.Name)
        and scope.self_name is not None
        and expr.value.value == scope.self_name
    ):
        return f"self.{expr.attr.value}"
    return None


def is_literal(value: cst.BaseExpression | None) -> bool:
    """A fixed text or constant (`history_str = "None"` in the branch with nothing to
    show): a binding that makes nothing per-request, so another one makes the value."""
    if isinstance(value, (cst.SimpleString, cst.Integer, cst.Float)):
        return True
    if isinstance(value, cst.Name):
        return value.value in ("None", "True", "False")
    return isinstance(value, (cst.List, cst.Dict, cst.Tuple)) and not value.elements


def _index_of(target: cst.Subscript) -> cst.BaseExpression | None:
    """The one plain index of `x[i]` (None for a slice or `x[i, j]`)."""
    if len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index):
        return None
    return target.slice[0].slice.value


def dotted(expr: cst.BaseExpression) -> str | None:
    parts: list[str] = []
    while isinstance(expr, cst.Attribute):
        parts.append(expr.attr.value)
        expr = expr.value
    if isinstance(expr, cst.Name):
        parts.append(expr.value)
        return ".".join(reversed(parts))
    return None


def keyword_value(call: cst.Call, name: str) -> cst.BaseExpression | None:
    """What `call` passes as `name=`, or None."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


# Fields that only hold tokens and whitespace: never worth descending into.
_SKIP_FIELD_PARTS = (
    "whitespace",
    "lpar",
    "rpar",
    "comma",
    "semicolon",
    "bracket",
    "brace",
    "colon",
    "dot",
    "equal",
    "leading_lines",
    "lines_after",
    "header",
    "footer",
    "newline",
    "asynchronous",
    "operator",
    "arrow",
    "walrus",
    "star_tok",
)
_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(tp: type) -> tuple[str, ...]:
    names = _FIELDS.get(tp)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(tp)
            if not any(part in f.name for part in _SKIP_FIELD_PARTS)
        )
        _FIELDS[tp] = names
    return names


_NODE, _SEQUENCE, _OTHER = "node", "sequence", "other"
_KINDS: dict[type, str] = {}


def _kind(tp: type) -> str:
    # By type, cached: isinstance against libcst's ABC-based classes is the walk's
    # single largest cost otherwise.
    kind = _KINDS.get(tp)
    if kind is None:
        if issubclass(tp, cst.CSTNode):
            kind = _NODE
        elif issubclass(tp, (list, tuple)):
            kind = _SEQUENCE
        else:
            kind = _OTHER
        _KINDS[tp] = kind
    return kind


def child_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes right under `node` that can hold code, in field order: what `.children`
    gives less the whitespace, without libcst building its child list (the cost of a walk
    over `.children` is mostly that)."""
    out: list[cst.CSTNode] = []
    for fname in _child_fields(type(node)):
        value = getattr(node, fname)
        kind = _KINDS.get(type(value)) or _kind(type(value))
        if kind is _NODE:
            out.append(value)
        elif kind is _SEQUENCE:
            out.extend(c for c in value if (_KINDS.get(type(c)) or _kind(type(c))) is _NODE)
    return out


class Walker:
    """A read-only traversal: libcst's visitor rebuilds every node it passes, which costs
    about twice the parse; this one only reads fields that can hold code."""

    # node type -> (visit, leave, child fields), one table per walker class, kept on the
    # class itself: a walker class made inside a function (a new class at every call)
    # takes its table with it when it goes, instead of filling one shared table for good.
    _by_type: ClassVar[dict[type, tuple[Any, Any, tuple[str, ...]]]]

    def walk(self, node: cst.CSTNode) -> None:
        tp = type(node)
        cls = type(self)
        table = cls.__dict__.get("_by_type")
        if table is None:
            table = {}
            cls._by_type = table
        entry = table.get(tp)
        if entry is None:
            name = tp.__name__
            entry = (
                getattr(cls, f"visit_{name}", None),  # unbound: the table outlives a walker
                getattr(cls, f"leave_{name}", None),
                _child_fields(tp),
            )
            table[tp] = entry
        visit, leave, fields = entry
        if visit is None or visit(self, node) is not False:
            kinds = _KINDS
            for fname in fields:
                value = getattr(node, fname)
                vt = type(value)
                kind = kinds.get(vt) or _kind(vt)
                if kind is _NODE:
                    self.walk(value)
                elif kind is _SEQUENCE:
                    for child in value:
                        ct = type(child)
                        if (kinds.get(ct) or _kind(ct)) is _NODE:
                            self.walk(child)
        if leave is not None:
            leave(self, node)


class _Indexer(Walker):
    def __init__(self, index: ModuleIndex) -> None:
        self.index = index
        self.n = 0
        self.scope = Scope("module", index.module, None)
        index.module_scope = self.scope
        self.loops: list[cst.BaseExpression] = []
        self.handlers = 0  # `except` handlers around the statement, in its function

    def _tick(self) -> int:
        self.n += 1
        return self.n

    # imports
    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            name = dotted(alias.name)
            if name is None:
                continue
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                self.index.imports[alias.asname.name.value] = name
            else:
                head = name.split(".")[0]
                self.index.imports[head] = head

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if isinstance(node.names, cst.ImportStar):
            return
        module = dotted(node.module) if node.module is not None else ""
        if module is None:
            return
        # `from ..util import now` -> "..util.now": resolved against the importing module
        # by the project index (promptlint.python.project).
        base = "." * len(node.relative) + module
        if not base:
            return
        for alias in node.names:
            if not isinstance(alias.name, cst.Name):
                continue
            local = alias.name.value
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            sep = "" if base.endswith(".") else "."
            self.index.imports[local] = f"{base}{sep}{alias.name.value}"

    # scopes
    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.scope.functions[node.name.value] = node
        scope = Scope("function", node, self.scope, name=node.name.value)
        params = [*node.params.posonly_params, *node.params.params, *node.params.kwonly_params]
        for extra in (node.params.star_arg, node.params.star_kwarg):
            if isinstance(extra, cst.Param):
                params.append(extra)
        for p in params:
            scope.params[p.name.value] = p
        if self.scope.kind == "class" and params:
            decorators = {dotted(d.decorator) for d in node.decorators}
            if "staticmethod" not in decorators:
                scope.self_name = params[0].name.value
            scope.class_scope = self.scope
        elif self.scope.kind == "function" and self.scope.self_name not in (None, *scope.params):
            # A closure inside a method (`def drop_pair(): self.messages.pop(0)`) reaches
            # the instance through the method's `self`: its `self.x` events are the
            # instance's.
            scope.self_name = self.scope.self_name
            scope.class_scope = self.scope.class_scope
        self.index.scope_of_function[id(node)] = scope
        self.scope = scope
        saved, self.loops = self.loops, []
        handlers, self.handlers = self.handlers, 0
        for stmt in node.body.body if isinstance(node.body, cst.IndentedBlock) else [node.body]:
            self.walk(stmt)
        self.loops = saved
        self.handlers = handlers
        assert scope.parent is not None
        self.scope = scope.parent
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        scope = Scope("class", node, self.scope, name=node.name.value)
        self.scope.classes[node.name.value] = scope
        self.scope = scope
        self.walk(node.body)
        assert scope.parent is not None
        self.scope = scope.parent
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Global(self, node: cst.Global) -> None:
        self.scope.declared_global |= {n.name.value for n in node.names}

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.scope.declared_global |= {n.name.value for n in node.names}

    # statements that change names
    def _target(self, target: cst.BaseExpression, event: Event) -> None:
        scope = self.scope
        if isinstance(target, (cst.Tuple, cst.List)):
            for i, el in enumerate(target.elements):
                inner = el.value
                sub = Event(
                    "unpack" if event.kind == "assign" else event.kind,
                    event.end,
                    event.node,
                    event.value,
                    loops=event.loops,
                    index=i,
                )
                self._target(inner, sub)
            return
        if isinstance(target, cst.Subscript):
            item = target.value
            if isinstance(item, cst.Subscript) and _index_of(target) and _index_of(item):
                # `messages[0]["content"] = text`: one field of one item of a list rewritten
                # in place (the system message of a conversation renewed on each pass).
                outer = key_of(item.value, scope)
                if outer is not None:
                    self._store(
                        outer,
                        Event(
                            "setfield",
                            event.end,
                            event.node,
                            event.value,
                            key=_index_of(item),
                            field=_index_of(target),
                            loops=event.loops,
                        ),
                    )
                return
            key = key_of(target.value, scope)
            if key is not None and target.slice:
                sl = target.slice[0].slice
                if isinstance(sl, cst.Index):
                    self._store(
                        key,
                        Event(
                            "setitem",
                            event.end,
                            event.node,
                            event.value,
                            key=sl.value,
                            loops=event.loops,
                        ),
                    )
                else:
                    self._store(
                        key,
                        Event(
                            "assign-slice", event.end, event.node, event.value, loops=event.loops
                        ),
                    )
            return
        key = key_of(target, scope)
        if key is not None:
            self._store(key, event)

    def _store(self, key: str, event: Event) -> None:
        scope = self.scope
        event.owner = scope
        if key.startswith("self.") and scope.class_scope is not None:
            scope.add(key, event)
            scope.class_scope.add(key, event)
            return
        if key in scope.declared_global:
            target = scope
            while target.parent is not None:
                target = target.parent
            target.add(key, event)
            scope.add(key, event)
            return
        scope.add(key, event)

    def leave_Assign(self, node: cst.Assign) -> None:
        end = self._tick()
        if len(node.targets) == 1 and prepended(node.targets[0].target, node.value):
            self.index.prepends.append(Site(node, self.scope, end, tuple(self.loops)))
        for t in node.targets:
            self._target(t.target, Event("assign", end, node, node.value, loops=tuple(self.loops)))

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            end = self._tick()
            self._target(
                node.target, Event("assign", end, node, node.value, loops=tuple(self.loops))
            )

    def leave_AugAssign(self, node: cst.AugAssign) -> None:
        end = self._tick()
        key = key_of(node.target, self.scope)
        if key is None:
            return
        self._store(
            key,
            Event(
                "aug",
                end,
                node,
                node.value,
                method=type(node.operator).__name__,
                loops=tuple(self.loops),
            ),
        )
        if isinstance(node.operator, cst.AddAssign) and isinstance(node.value, cst.Integer):
            if key.startswith("self."):
                self.index.attr_counters.add(key)
            elif self.scope.kind == "function" and key in self.scope.declared_global:
                self.index.counters.add(key)

    def visit_For(self, node: cst.For) -> bool:
        end = self._tick()
        self._target(node.target, Event("iter", end, node, node.iter, loops=tuple(self.loops)))
        self.walk(node.iter)
        self.loops.append(node.iter)
        self.walk(node.body)
        self.loops.pop()
        if node.orelse is not None:
            self.walk(node.orelse)
        return False

    def visit_While(self, node: cst.While) -> bool:
        self.walk(node.test)
        self.loops.append(node.test)
        self.walk(node.body)
        self.loops.pop()
        return False

    def leave_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            end = self._tick()
            self._target(
                node.asname.name, Event("assign", end, node, node.item, loops=tuple(self.loops))
            )

    def leave_Del(self, node: cst.Del) -> None:
        end = self._tick()
        target = node.target
        if isinstance(target, cst.Subscript):
            key = key_of(target.value, self.scope)
            if key is not None:
                self._store(key, Event("del", end, node, target, loops=tuple(self.loops)))

    def visit_Yield(self, node: cst.Yield) -> None:
        self.scope.yields.append((node, tuple(self.loops)))
        self.index.ordinal[id(node)] = self._tick()

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        self.handlers += 1

    def leave_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        self.handlers -= 1

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if self.handlers:
            self.index.in_handler.update(id(s) for s in node.body)

    def visit_Return(self, node: cst.Return) -> None:
        self.scope.returns.append(node)
        self.index.ordinal[id(node)] = self._tick()

    def visit_Call(self, node: cst.Call) -> None:
        at = self._tick()
        self.index.ordinal[id(node)] = at
        site = Site(node, self.scope, at, tuple(self.loops))
        self.index.calls.append(site)

    def leave_Call(self, node: cst.Call) -> None:
        # Statement-level mutations: x.append(...), random.shuffle(x), x.sort().
        end = self._tick()
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in MUTATORS:
            key = key_of(func.value, self.scope)
            if key is not None:
                self._store(
                    key,
                    Event("call", end, node, None, method=func.attr.value, loops=tuple(self.loops)),
                )
        if isinstance(func, cst.Name) and self.scope.kind == "function":
            # `_add_skill(item)` in a loop, with `def _add_skill(item): skills.append(item)`
            # inside this function: what the call is given goes into `skills`.
            inner = self.scope.functions.get(func.value)
            closure = self.index.scope_of_function.get(id(inner)) if inner else None
            for key in _outer_growth(closure):
                self._store(
                    key, Event("closure", end, node, None, method=key, loops=tuple(self.loops))
                )
        name = dotted(func)
        if name is not None and name.split(".")[-1] == "shuffle" and node.args:
            key = key_of(node.args[0].value, self.scope)
            if key is not None:
                self._store(
                    key, Event("shuffle", end, node, None, method=name, loops=tuple(self.loops))
                )

    def visit_Dict(self, node: cst.Dict) -> None:
        at = self._tick()
        self.index.ordinal[id(node)] = at
        self.index.dicts.append(Site(node, self.scope, at, tuple(self.loops)))

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if node.slice and isinstance(node.slice[0].slice, cst.Slice):
            at = self._tick()
            self.index.slices.append(Site(node, self.scope, at, tuple(self.loops)))


# What a closure does to a list or table of its enclosing function that adds to it.
# The methods that add to a list (with those of a set and a dict: anything that grows).
LIST_GROWING = frozenset({"append", "appendleft", "extend", "insert"})
_GROWS = LIST_GROWING | {"add", "update"}


def _outer_growth(closure: Scope | None) -> list[str]:
    """The names of the enclosing function a closure only adds to (`skills.append(item)`,
    `seen[k] = v`), never binds: they are the enclosing function's."""
    if closure is None or closure.parent is None or closure.parent.kind != "function":
        return []
    out = []
    for key, events in closure.events.items():
        if "." in key or key in closure.params or key not in closure.parent.events:
            continue
        if all(
            ev.kind == "setitem" or (ev.kind == "call" and ev.method in _GROWS) for ev in events
        ):
            out.append(key)
    return out


def prepended(target: cst.BaseExpression, value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The items `target = value` puts ahead of what `target` held: `[note] + messages` or
    `[note, *messages]` assigned to `messages` (empty when it does not)."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        head, tail = value.left, value.right
        if isinstance(head, cst.List) and tail.deep_equals(target):
            items = [el.value for el in head.elements]
            return [] if any(isinstance(el, cst.StarredElement) for el in head.elements) else items
    if isinstance(value, cst.List) and len(value.elements) >= 2:
        *head_els, last = value.elements
        if (
            isinstance(last, cst.StarredElement)
            and last.value.deep_equals(target)
            and not any(isinstance(el, cst.StarredElement) for el in head_els)
        ):
            return [el.value for el in head_els]
    return []


def build_index(module: cst.Module) -> ModuleIndex:
    index = ModuleIndex(module)
    indexer = _Indexer(index)
    for stmt in module.body:
        indexer.walk(stmt)
    index.run_time_changes = _run_time_changes(index)
    return index


# In-place changes of a container (with those of a set), as `Event` kinds and methods.
_CHANGES_IN_PLACE = frozenset({"setitem", "setfield", "del"})
_CHANGING_METHODS = frozenset(MUTATORS | {"add", "discard", "popitem"})


def _run_time_changes(index: ModuleIndex) -> dict[str, str]:
    """Module-level names that a module function changes, when a function calls it: run
    after import, the change is state of the program (the files read so far, a mode
    switched on), where a function only called at import (a registry filled by a
    decorator) makes configuration."""
    module = index.module_scope
    if module is None:
        return {}
    changers: dict[str, str] = {}
    for name, fn in module.functions.items():
        fscope = index.scope_of_function.get(id(fn))
        if fscope is None:
            continue
        for key, events in fscope.events.items():
            if "." in key or key in fscope.params or key not in module.events:
                continue
            rebound = key in fscope.declared_global
            if not rebound and any(ev.kind in ("assign", "iter", "unpack") for ev in events):
                continue  # a local of the same name
            if any(
                ev.kind in _CHANGES_IN_PLACE
                or (ev.kind == "call" and ev.method in _CHANGING_METHODS)
                or (rebound and ev.kind in ("assign", "aug"))
                for ev in events
            ):
                changers.setdefault(key, name)
    if not changers:
        return {}
    called = {
        dotted(site.node.func)
        for site in index.calls
        if site.scope.kind == "function" and isinstance(site.node, cst.Call)
    }
    return {key: name for key, name in changers.items() if name in called}


def string_value(node: cst.SimpleString | cst.ConcatenatedString) -> str | None:
    """The text of a string literal (None for bytes); fast for plain literals, which
    libcst would evaluate with `ast.literal_eval` each time."""
    if isinstance(node, cst.SimpleString):
        raw = node.value
        if raw[:1] in ("'", '"'):
            quote = raw[:3] if raw[:3] in ('"""', "'''") else raw[:1]
            body = raw[len(quote) : -len(quote)]
            if "\\" not in body:
                return body
    value = node.evaluated_value
    return value if isinstance(value, str) else None


def literal_text(node: cst.CSTNode | None) -> str | None:
    """The text of a plain string literal (`"list_tools"`, a key, a placeholder); None for
    anything else."""
    return string_value(node) if isinstance(node, cst.SimpleString) else None


def makes_set(node: cst.CSTNode | None) -> bool:
    """`set()`, `frozenset(x)`, `{a, b}`, `{x for x in y}`: the expression makes a set."""
    if isinstance(node, (cst.Set, cst.SetComp)):
        return True
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Name)
        and node.func.value in ("set", "frozenset")
    )
