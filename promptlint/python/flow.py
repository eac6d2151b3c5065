"""Value flow within a module: what an expression holds, with its structure and taints.

The evaluator is demand-driven: rules ask for the value of a request's arguments, and
names are followed back to their assignments (and the appends, extends, shuffles that
came after), through f-strings, `+`, `%`, `.format`, `str.join`, displays,
comprehensions, unpacking, module constants and the returns of module functions.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import cast

import libcst as cst

from promptlint.python import catalogue as cat
from promptlint.python.index import (
    LIST_GROWING,
    Event,
    ModuleIndex,
    Scope,
    Site,
    Walker,
    child_nodes,
    dotted,
    is_literal,
    key_of,
    literal_text,
    makes_set,
    string_value,
)
from promptlint.python.project import MAX_HOPS, Project
from promptlint.python.values import (
    CALLER,
    GROWN,
    ID,
    KEY_SOURCE,
    RANDOM,
    STATE,
    TIMESTAMP,
    UNKNOWN,
    UNORDERED,
    UNSORTED_JSON,
    VOLATILE,
    WINDOW,
    Dyn,
    Part,
    Static,
    Taint,
    Val,
    const_str,
    join_parts,
    merge,
    static_text,
)

STRUCTURAL = frozenset({UNORDERED, WINDOW})
BREAKPOINT = "breakpoint"  # a cache_control marker; detail = its TTL, "+" when repeated


def _ttl_of(cc: Val) -> str:
    ttl = cc.field("ttl")
    if ttl is not None and ttl.parts is not None and all(isinstance(p, Static) for p in ttl.parts):
        return static_text(ttl.parts) or "5m"
    return "5m" if ttl is None else "?"


def repeated(taints: frozenset[Taint]) -> frozenset[Taint]:
    """Breakpoints made in a loop or comprehension may be many: mark them so."""
    out = set()
    for t in taints:
        if t.kind == BREAKPOINT and not t.detail.endswith("+"):
            out.add(Taint(BREAKPOINT, t.node, t.detail + "+"))
        else:
            out.add(t)
    return frozenset(out)


MAX_DEPTH = 40  # nested evaluations (names, calls, returns) followed before giving up
# Returns followed with a call's arguments bound, per module: bound evaluations are
# memoised only for the same bound values, so helpers calling helpers with what they were
# given still grow as the product of their fan-outs. Past the budget a call is read as an
# opaque one (what it returns carries its arguments' values): the run stays linear in the code.
MAX_BOUND_RETURNS = 2000
# The same for what those returns evaluate: one return may read names that are themselves
# bound returns, so the count of evaluations with bindings is bounded per module as well.
MAX_BOUND_EVALS = 200_000
Env = Mapping[str, Val]
_UNBOUND: Env = {}
_NO_BINDINGS: frozenset[tuple[str, int]] = frozenset()
LANGCHAIN_MESSAGES = {
    "SystemMessage": "lc-system",
    "HumanMessage": "lc-human",
    "AIMessage": "lc-ai",
    "ToolMessage": "lc-tool",
    "ChatMessage": "lc-chat",
}


def _structural(taints: frozenset[Taint]) -> frozenset[Taint]:
    return frozenset(t for t in taints if t.kind in STRUCTURAL)


def _values(taints: frozenset[Taint]) -> frozenset[Taint]:
    return frozenset(t for t in taints if t.kind not in STRUCTURAL)


# `_eval`'s branches, decided once per node type: isinstance against libcst's ABC-based
# classes, tried in order on every evaluated expression, was the evaluator's top cost.
(
    _STRING,
    _FSTRING,
    _NUMBER,
    _NAME,
    _ATTRIBUTE,
    _SUBSCRIPT,
    _CALL,
    _AWAIT,
    _BINARY,
    _UNARY,
    _BOOL,
    _IFEXP,
    _COMPARISON,
    _SEQUENCE,
    _SET,
    _DICT,
    _COMPREHENSION,
    _NAMED,
    _OTHER,
) = range(19)
_BRANCH_TYPES: tuple[tuple[int, tuple[type, ...]], ...] = (
    (_STRING, (cst.SimpleString, cst.ConcatenatedString)),
    (_FSTRING, (cst.FormattedString,)),
    (_NUMBER, (cst.Integer, cst.Float, cst.Imaginary, cst.Ellipsis)),
    (_NAME, (cst.Name,)),
    (_ATTRIBUTE, (cst.Attribute,)),
    (_SUBSCRIPT, (cst.Subscript,)),
    (_CALL, (cst.Call,)),
    (_AWAIT, (cst.Await,)),
    (_BINARY, (cst.BinaryOperation,)),
    (_UNARY, (cst.UnaryOperation,)),
    (_BOOL, (cst.BooleanOperation,)),
    (_IFEXP, (cst.IfExp,)),
    (_COMPARISON, (cst.Comparison,)),
    (_SEQUENCE, (cst.List, cst.Tuple)),
    (_SET, (cst.Set,)),
    (_DICT, (cst.Dict,)),
    (_COMPREHENSION, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)),
    (_NAMED, (cst.NamedExpr,)),
)
_BRANCHES: dict[type, int] = {}


def _branch(tp: type) -> int:
    branch = _BRANCHES.get(tp)
    if branch is None:
        branch = next((b for b, types in _BRANCH_TYPES if issubclass(tp, types)), _OTHER)
        _BRANCHES[tp] = branch
    return branch


class Evaluator:
    def __init__(
        self,
        index: ModuleIndex,
        volatile: Mapping[str, str] | None = None,
        project: Project | None = None,
        module_name: str | None = None,
    ) -> None:
        self.index = index
        self.project = project  # the checked tree, to follow imports into (None: this file)
        self.module_name = module_name
        self.module = index.module
        self.volatile = {**cat.VOLATILE_CALLS, **(volatile or {})}
        self._active: set[tuple[int, str, int]] = set()
        self._depth = 0
        self._name_cache: dict[tuple[int, str, int], Val] = {}
        # What `eval` gave, by where it read and the identity of the values bound there;
        # each entry holds its bindings so that no id is reused while it lives.
        self._memo: dict[tuple[int, int, int, frozenset[tuple[str, int]]], tuple[Env, Val]] = {}
        self._code: dict[int, str] = {}  # id(node) -> its source (see `code`)
        self._constant_params: dict[tuple[int, str], bool] = {}
        self._passed: dict[tuple[int, str], Val | None] = {}  # see `_passed_text`
        self._validated: dict[tuple[int, str], Val | None] = {}  # see `_validated_field`
        # (id(function scope), name) -> the program state it reads there: one taint for
        # all its reads in the function, so that a text built from two reads is one report
        self._state_reads: dict[tuple[int, str], Taint] = {}
        self._spans: dict[int, dict[int, tuple[int, int]]] = {}  # see `_loop_spans`
        self._sides: dict[int, dict[int, tuple[tuple[int, bool], ...]]] = {}  # `_if_sides`
        # (every `.list_tools()` call of the module, those awaited or handed to a runner,
        # and whether the module's own `def list_tools()` runs a coroutine)
        self._coroutine_calls: tuple[set[int], set[int], bool] | None = None
        self._bound_returns = 0  # returns followed with arguments bound (MAX_BOUND_RETURNS)
        self._bound_evals = 0  # evaluations with arguments bound (MAX_BOUND_EVALS)
        # id(scope) -> the names the scope writes to a file (`written_to_file`), built once
        self._written: dict[int, set[str]] | None = None

    # ---- names -------------------------------------------------------------------
    def qualname(self, expr: cst.BaseExpression) -> str | None:
        """`dt.datetime.now` -> `datetime.datetime.now` through the module's imports."""
        name = dotted(expr)
        if name is None:
            return None
        head, _, rest = name.partition(".")
        base = self.index.imports.get(head)
        if base is None:
            return name
        return f"{base}.{rest}" if rest else base

    def code(self, node: cst.CSTNode) -> str:
        # Taint labels ask for the same nodes' code again and again (libcst regenerates
        # it each time); the tree does not change during a check.
        text = self._code.get(id(node))
        if text is None:
            text = self._code[id(node)] = self.module.code_for_node(node).strip()
        return text

    # ---- entry -------------------------------------------------------------------
    def eval(self, expr: cst.BaseExpression, scope: Scope, at: int, env: Env | None = None) -> Val:
        if self._depth > MAX_DEPTH:
            return UNKNOWN
        # A value depends only on where it is read and on the values bound there: remember
        # it. With bindings too: else a method chain on a bound receiver (`db.query(X)
        # .filter(...).first()`) is evaluated again by every path of `call` that reads the
        # receiver, at every link, exponential in its length.
        env = env or _UNBOUND
        bound = frozenset((k, id(v)) for k, v in env.items()) if env else _NO_BINDINGS
        memo_key = (id(expr), id(scope), at, bound)
        hit = self._memo.get(memo_key)
        if hit is not None:
            return hit[1]
        if env:
            self._bound_evals += 1
        self._depth += 1
        try:
            val = self._eval(expr, scope, at, env)
        finally:
            self._depth -= 1
        self._memo[memo_key] = (env, val)
        return val

    def _eval(self, e: cst.BaseExpression, scope: Scope, at: int, env: Env) -> Val:
        ev = self.eval
        branch = _branch(type(e))
        if branch == _STRING:
            if isinstance(e, cst.ConcatenatedString):
                # "static " f"{value} " "more": implicit concatenation keeps every piece.
                left, right = ev(e.left, scope, at, env), ev(e.right, scope, at, env)
                return Val(
                    own=left.own | right.own,
                    parts=join_parts(left.text_parts(), right.text_parts()),
                    node=e,
                )
            return const_str(string_value(cast("cst.SimpleString", e)) or "", e)
        if branch == _FSTRING:
            x2 = cast("cst.FormattedString", e)
            return self._fstring(x2, scope, at, env)
        if branch == _NUMBER:
            return Val(node=e)
        if branch == _NAME:
            x4 = cast("cst.Name", e)
            return self.lookup(x4, scope, at, env)
        if branch == _ATTRIBUTE:
            x5 = cast("cst.Attribute", e)
            return self._attribute(x5, scope, at, env)
        if branch == _SUBSCRIPT:
            x6 = cast("cst.Subscript", e)
            return self._subscript(x6, scope, at, env)
        if branch == _CALL:
            x7 = cast("cst.Call", e)
            return self.call(x7, scope, at, env)
        if branch == _AWAIT:
            x8 = cast("cst.Await", e)
            return ev(x8.expression, scope, at, env)
        if branch == _BINARY:
            x9 = cast("cst.BinaryOperation", e)
            return self._binary(x9, scope, at, env)
        if branch == _UNARY:
            x10 = cast("cst.UnaryOperation", e)
            return Val(own=ev(x10.expression, scope, at, env).all_taints(), node=x10)
        if branch == _BOOL:
            x11 = cast("cst.BooleanOperation", e)
            left, right = ev(x11.left, scope, at, env), ev(x11.right, scope, at, env)
            if (
                isinstance(x11.operator, cst.Or)
                and left == Val(node=left.node)
                and right.parts is not None
                and not right.all_taints()
            ):
                # `system_prompt or ANSWER_PROMPT`, the configured text or its known
                # default: read as the default (the configured one is configuration too).
                return replace(right, node=x11)
            return merge([left, right], x11)
        if branch == _IFEXP:
            x12 = cast("cst.IfExp", e)
            body, orelse = ev(x12.body, scope, at, env), ev(x12.orelse, scope, at, env)
            return self._either(body, orelse, x12)
        if branch == _COMPARISON:
            return Val(node=e)
        if branch == _SEQUENCE:
            x14 = cast("cst.List | cst.Tuple", e)
            return self._sequence(x14, scope, at, env)
        if branch == _SET:
            x15 = cast("cst.Set", e)
            items = [ev(el.value, scope, at, env) for el in x15.elements]
            return merge(items, x15).with_own([self._unordered(x15, "set display order", "sorted")])
        if branch == _DICT:
            x16 = cast("cst.Dict", e)
            return self._dict(x16, scope, at, env)
        if branch == _COMPREHENSION:
            x17 = cast("cst.ListComp | cst.GeneratorExp | cst.SetComp | cst.DictComp", e)
            return self._comprehension(x17, scope, at, env)
        if branch == _NAMED:
            x18 = cast("cst.NamedExpr", e)
            return ev(x18.value, scope, at, env)
        return Val(node=e)

    def _either(self, a: Val, b: Val, node: cst.CSTNode) -> Val:
        # A conditional string keeps its pieces when one branch is empty ("" or None).
        for x, y in ((a, b), (b, a)):
            if (
                y.parts is not None
                and not static_text(y.parts)
                and all(isinstance(p, Static) for p in y.parts)
            ) or (isinstance(y.node, cst.Name) and y.node.value == "None" and not y.own):
                # `message if content else None`: None sends nothing.
                return replace(x, node=node)
        if a.items is not None and b.items is not None:
            return Val(own=a.all_taints() | b.all_taints(), node=node)
        return merge([a, b], node)

    # ---- strings -----------------------------------------------------------------
    def _fstring(self, e: cst.FormattedString, scope: Scope, at: int, env: Env) -> Val:
        parts: list[Part] = []
        for part in e.parts:
            if isinstance(part, cst.FormattedStringText):
                parts.append(Static(part.value))
                continue
            assert isinstance(part, cst.FormattedStringExpression)
            inner = self.eval(part.expression, scope, at, env)
            extra: frozenset[Taint] = frozenset()
            if part.format_spec:
                for spec in part.format_spec:
                    if isinstance(spec, cst.FormattedStringExpression):
                        extra |= self.eval(spec.expression, scope, at, env).all_taints()
            if (
                inner.parts is not None
                and not part.format_spec
                and part.conversion is None
                and not extra
            ):
                parts.extend(inner.parts)
            else:
                parts.append(Dyn(inner.all_taints() | extra, part, made=inner.node))
        return Val(parts=join_parts(parts), node=e)

    def _format(
        self,
        template: str,
        args: list[Val],
        kwargs: dict[str, Val],
        node: cst.CSTNode,
        passed: Mapping[int | str, cst.Arg] | None = None,
    ) -> Val:
        """`template.format(...)` as pieces; a value's piece names the argument that
        passes it (`passed`: position or keyword -> argument), where it enters the text."""
        passed = passed or {}
        parts: list[Part] = []
        auto = 0
        try:
            parsed = list(string.Formatter().parse(template))
        except ValueError:
            return merge([*args, *kwargs.values()], node)
        for literal, field_name, spec, conv in parsed:
            parts.append(Static(literal))
            if field_name is None:
                continue
            head = field_name.split(".")[0].split("[")[0]
            value: Val | None
            key: int | str = head
            if head == "":
                key = auto
                value = args[auto] if auto < len(args) else None
                auto += 1
            elif head.isdigit():
                key = int(head)
                value = args[key] if key < len(args) else None
            else:
                value = kwargs.get(head)
            if value is None:
                parts.append(Dyn(frozenset(), node))
            elif value.parts is not None and not spec and not conv and head == field_name:
                arg = passed.get(key)
                parts.extend(
                    Dyn(p.taints, arg, made=p.made or p.node)
                    if isinstance(p, Dyn) and arg is not None and not _placement(p.node)
                    else p
                    for p in value.parts
                )
            else:
                parts.append(Dyn(value.all_taints(), passed.get(key, node), made=value.node))
        return Val(parts=join_parts(parts), node=node)

    def _replace(
        self,
        recv: Val,
        args: Sequence[cst.Arg],
        scope: Scope,
        at: int,
        env: Env,
        node: cst.CSTNode,
    ) -> Val | None:
        """`TEMPLATE.replace("{task}", task)`: a placeholder filled in the template's text,
        the value placed where the placeholder was (as `.format` places it). None when the
        placeholder is not in the known text."""
        old_arg, new_arg = args
        if old_arg.keyword or new_arg.keyword or old_arg.star or new_arg.star:
            return None
        old = literal_text(old_arg.value)
        if not isinstance(old, str) or not old:
            return None
        if not any(isinstance(p, Static) and old in p.text for p in recv.parts or ()):
            return None
        value = self.eval(new_arg.value, scope, at, env)
        if value.parts is not None:
            placed: list[Part] = [
                Dyn(p.taints, new_arg, made=p.made or p.node)
                if isinstance(p, Dyn) and not _placement(p.node)
                else p
                for p in value.parts
            ]
        else:
            placed = [Dyn(value.all_taints(), new_arg, made=value.node)]
        parts: list[Part] = []
        for p in recv.parts or ():
            if not isinstance(p, Static) or old not in p.text:
                parts.append(p)
                continue
            for i, piece in enumerate(p.text.split(old)):
                if i:
                    parts.extend(placed)
                parts.append(Static(piece))
        return Val(own=recv.own, parts=join_parts(parts), node=node)

    def _percent(self, template: str, right: Val, node: cst.CSTNode) -> Val:
        pieces = template.replace("%%", "\0").split("%")
        args = list(right.items) if right.items is not None else None
        parts: list[Part] = [Static(pieces[0].replace("\0", "%"))]
        for i, piece in enumerate(pieces[1:]):
            j = 0
            while j < len(piece) and piece[j] not in "sdirfgexXocaEGbu":
                j += 1
            value = args[i] if args is not None and i < len(args) else right
            parts.append(Dyn(value.all_taints(), node))
            parts.append(Static(piece[j + 1 :].replace("\0", "%")))
        return Val(parts=join_parts(parts), node=node)

    # ---- names and attributes ----------------------------------------------------
    def lookup(self, e: cst.Name, scope: Scope, at: int, env: Env) -> Val:
        name = e.value
        if name in env:
            return env[name]
        if name in ("True", "False", "None"):
            return Val(node=e)
        if name in self.index.counters:
            return Val(own=frozenset({Taint(ID, e, f"counter `{name}`")}), node=e)
        found = self.resolve_key(name, scope, at, env)
        changer = self.index.run_time_changes.get(name)
        if (
            found is not None
            and changer is not None
            and scope.kind == "function"
            and name not in scope.params
            and (name not in scope.events or name in scope.declared_global)
            and not any(name.lower().endswith(h) for h in cat.HISTORY_NAMES)
            and not cat.names_configuration(name)
        ):
            # The program's state: what it holds differs between the requests of one run.
            # (A history kept so is judged as history, by its windows and rewrites; a
            # table named for configuration, `_config` set by `set_config()`, is set up.)
            changed = self._state_reads.setdefault(
                (id(scope), name),
                Taint(STATE, e, f"`{name}`, which `{changer}()` changes as the program runs,"),
            )
            found = found.with_own([changed])
        if found is None and name in self.index.imports:
            found = self.imported_value(self.index.imports[name])
        if found is not None:
            # Report a parameter where it is used, not where it is declared.
            if len(found.own) == 1 and found.parts is None and found.items is None:
                (t,) = found.own
                if t.kind == CALLER and isinstance(found.node, cst.Param):
                    return replace(found, own=frozenset({Taint(CALLER, e, t.detail)}), node=e)
            return found
        return Val(node=e)

    def _foreign(self, qualname: str) -> tuple[Evaluator, Scope, str] | None:
        """The evaluator and module scope of the project module `qualname` points into."""
        if self.project is None or self.project.hops >= MAX_HOPS:
            return None
        found = self.project.resolve(qualname, self.module_name)
        if found is None:
            return None
        foreign, rest = found
        module_scope = foreign.index.module_scope
        if module_scope is None or not rest:
            return None
        return foreign.evaluator, module_scope, rest

    def imported_value(self, qualname: str) -> Val | None:
        """A module constant of another module of the project (`from .prompts import SYSTEM`)."""
        found = self._foreign(qualname)
        if found is None:
            return None
        ev, module_scope, rest = found
        if "." in rest:
            return None
        assert self.project is not None
        with self.project.hop():
            return ev.resolve_key(rest, module_scope, 10**9)

    def imported_call(
        self, qualname: str, e: cst.Call, scope: Scope, at: int, env: Env
    ) -> Val | None:
        """What a function of another module of the project returns for this call."""
        found = self._foreign(qualname)
        if found is None:
            return None
        ev, module_scope, rest = found
        fn = module_scope.functions.get(rest)
        if fn is None:
            return None
        fscope = ev.index.scope_of_function.get(id(fn))
        if fscope is None or (not fscope.returns and not fscope.yields):
            return None
        # Unpassed defaults are read by the callee's own evaluator, in its module.
        bound = self._bind_args(fscope, e, scope, at, env, defaults=False)
        assert self.project is not None
        with self.project.hop():
            return ev.returned(fscope, bound)

    def resolve_key(self, key: str, scope: Scope, at: int, env: Env | None = None) -> Val | None:
        """The value `key` holds at ordinal `at` in `scope` (following enclosing scopes).
        `env` binds the parameters of `scope` (a function followed with a call's
        arguments): its locals are read with them."""
        s: Scope | None = scope
        while s is not None:
            if s.kind == "class" and s is not scope:
                s = s.parent
                continue
            events = s.events.get(key)
            if events:
                val = self._from_events(
                    key, s, events, at if s is scope else 10**9, env if s is scope else None
                )
                if val is not None:
                    return val
            if key in s.params and s is scope:
                passed = env.get(_PASSED + key) if env else None
                return passed if passed is not None else self._param(key, s)
            if key in s.params:
                if _factory_of(s, scope):
                    # A callback a factory returns (`return _instructions`) is made once
                    # with the factory's parameters: they are its configuration.
                    return Val(node=s.params[key])
                return self._param(key, s)
            if s.kind == "function" and key.startswith("self.") and s.class_scope is not None:
                if key in self.index.attr_counters:
                    return Val(own=frozenset({Taint(ID, s.node, f"counter `{key}`")}))
                cevents = s.class_scope.events.get(key)
                if cevents:
                    inits = [ev for ev in cevents if ev.kind == "assign"]
                    if inits:
                        # `self.x = self.x.copy()` in some method keeps what `self.x` was
                        # made as: the last assignment that does not read it is the base.
                        plain = [ev for ev in inits if not _reads_key(ev.value, key)]
                        init = (plain or inits)[-1]
                        base = self._set_on_instance(key, init, s)
                        return self._apply(key, s, base, events or [], 0, at)
                validated = self._validated_field(s.class_scope, key[len("self.") :])
                if validated is not None:
                    return self._apply(key, s, validated, events or [], 0, at)
                inherited = self._base_instance_attribute(s.class_scope, key)
                if inherited is not None:
                    return self._apply(key, s, inherited, events or [], 0, at)
                # Not set on the instance: a class attribute, of this class or a base.
                inherited = self._class_attribute(s.class_scope, key[len("self.") :])
                if inherited is not None:
                    return self._apply(key, s, inherited, events or [], 0, at)
                return None
            s = s.parent
        return None

    def _set_on_instance(self, key: str, init: Event, reader: Scope) -> Val:
        """What `self.x` holds when another method reads it: the assignment `init` and
        what the method that makes it adds right after (`self.skills = {}`, then
        `self.skills[s.name] = s` in a loop over a directory listing in `__init__`)."""
        owner = init.owner or reader
        val = self._eval_event(key, init, owner)
        if owner is reader:
            return val
        made = owner.events.get(key, [])
        start = next((i + 1 for i, ev in enumerate(made) if ev is init), len(made))
        return self._apply(key, owner, val, made, start, 10**9)

    def _validated_field(self, cls: Scope, attr: str) -> Val | None:
        """pydantic: `self.attr` holds what a `@field_validator("attr")` (or `@validator`)
        of the class or a base returns. Only the order it gives is kept (`return
        list(set(apps))`): its input is what the object was built with, configuration."""
        cache_key = (id(cls), attr)
        if cache_key not in self._validated:
            self._validated[cache_key] = None  # a validator reading its own field
            self._validated[cache_key] = self._validator_return(cls, attr)
        return self._validated[cache_key]

    def _validator_return(self, cls: Scope, attr: str) -> Val | None:
        for ev, owner in self._lineage(cls):
            for fn in owner.functions.values():
                if not any(_validates(d.decorator, attr) for d in fn.decorators):
                    continue
                fscope = ev.index.scope_of_function.get(id(fn))
                if fscope is None:
                    continue
                if ev is self:
                    val = self.returned(fscope)
                else:
                    assert self.project is not None
                    with self.project.hop():
                        val = ev.returned(fscope)
                own = frozenset(t for t in val.all_taints() if t.kind == UNORDERED) if val else None
                return Val(own=own, node=fscope.node) if own else None
        return None

    def _param(self, key: str, scope: Scope) -> Val:
        param = scope.params[key]
        if scope.self_name == key:
            return Val(node=param)
        ann = param.annotation.annotation if param.annotation is not None else None
        instance = isinstance(ann, cst.Name) and self._module_class(ann.value) is not None
        lowered = key.lower()
        configured = any(h in lowered for h in cat.STATIC_PARAM_HINTS)
        if scope.name == "__init__" and scope.class_scope is not None and not instance:
            # What an object is built with (an agent's role, its workers, a client) is its
            # configuration: agents, roles and clients are built once and asked many times.
            # An object of the module's own data classes (`user: User`) is still data. A
            # prompt template it is built with (`system_prompt: str = SEARCH_PROMPT`, kept
            # as `self.system_prompt`) holds its default's text, read as below.
            return (self._default_text(param, scope) if configured else None) or Val(node=param)
        role = ann.value if instance and isinstance(ann, cst.Name) else None
        kind = "instance" if instance else None
        if configured:
            # A prompt template handed in is configuration; its default (`system_prompt:
            # str = ANSWER_PROMPT`) is the text it holds unless someone configures
            # another, so its static text and placeholders are read from there.
            default = self._default_text(param, scope)
            return default or Val(kind=kind, role=role, node=param)
        if self._always_constant(key, scope):
            return Val(kind=kind, role=role, node=param)
        if cat.names_limit(key):
            # `max_steps`, `min_steps`, `retry_limit`: a bound the caller sets once, not
            # the count it bounds (`step`, `steps_left` stay per-request).
            return Val(kind=kind, role=role, node=param)
        passed = self._passed_text(key, scope)
        if passed is not None:
            return passed
        if scope.name == "__init__" and _literal(param.default):
            # `answer_style: str = "one paragraph"`: an option of the object, set
            # once when it is made and the same for every request it then serves.
            return Val(kind=kind, role=role, node=param)
        if ann is not None and _names_a_class(self.code(ann)):
            # `output_format: type[T]`: a class (a schema, a model), configuration not data.
            return Val(kind=kind, role=role, node=param)
        # A parameter is per-request whatever its annotation: `user: User` (a dataclass
        # of this module) still carries a different user on every call.
        own = frozenset({Taint(CALLER, param.name, f"parameter `{key}`")})
        params = scope.node.params if isinstance(scope.node, cst.FunctionDef) else None
        if params is not None and params.star_kwarg is param:
            # `**kwargs` keeps the caller's keyword order, which differs between callers.
            own = own | {Taint(KEY_SOURCE, param.name, f"`**{key}` (the caller's keyword order)")}
        return Val(own=own, kind=kind, role=role, node=param)

    def _default_text(self, param: cst.Param, scope: Scope) -> Val | None:
        """The default of a configuration parameter when it is text known without any
        per-request part (a constant or an imported prompt): None otherwise."""
        default = param.default
        outer = scope.parent
        if default is None or outer is None:
            return None
        # Evaluated where the `def` is (a class body, a module), once the module is loaded.
        val = self.eval(default, outer, _LOADED)
        if val.parts is None or not static_text(val.parts) or val.all_taints():
            return None
        return replace(val, node=param)

    def _always_constant(self, key: str, scope: Scope) -> bool:
        """True when the module calls the function, and every call passes a literal for
        `key` (e.g. `make_system("Acme")` at import time): then it is configuration."""
        cache_key = (id(scope), key)
        known = self._constant_params.get(cache_key)
        if known is not None:
            return known
        self._constant_params[cache_key] = False  # while we look (recursion)
        names = list(scope.params)
        if scope.self_name in names:
            names.remove(scope.self_name)
        position = names.index(key) if key in names else -1
        # `__init__` is called through its class: `Agent("Ava")`.
        target = scope.name
        if scope.name == "__init__" and scope.class_scope is not None:
            target = scope.class_scope.name
        found = False
        result = True
        passed = False  # some call passes it
        for site in self.index.calls:
            call = site.node
            assert isinstance(call, cst.Call)
            func = call.func
            callee = func.attr.value if isinstance(func, cst.Attribute) else dotted(func)
            if callee != target:
                continue
            found = True
            arg = next((a for a in call.args if a.keyword and a.keyword.value == key), None)
            positional = [a for a in call.args if a.keyword is None and not a.star]
            if arg is None and 0 <= position < len(positional):
                arg = positional[position]
            if arg is None:
                if any(a.star for a in call.args):
                    result = False
                continue  # the default is used
            passed = True
            if site.scope.name == "__init__" and site.scope.class_scope is not None:
                # Called while an object is built (`self._build_instructions(tool_names)`
                # in `__init__`): what it is passed is the object's configuration.
                continue
            if not (
                _literal(arg.value)
                or self._configured(arg.value, site)
                or self._table_entry(arg.value, site)
            ):
                result = False
                break
        # A numeric knob with a literal default (`max_queries: int = 5`) that no call here
        # sets: the default is what is used (callers of other modules are not read).
        default = scope.params[key].default if key in scope.params else None
        numeric = isinstance(default, (cst.Integer, cst.Float)) or (
            isinstance(default, cst.Name) and default.value in ("True", "False")
        )
        answer = (found and result) or (numeric and result and not passed)
        self._constant_params[cache_key] = answer
        return answer

    def _passed_text(self, key: str, scope: Scope) -> Val | None:
        """A parameter named as a prompt part (`question_description`) of a prompt
        function (`def build_query_prompt(task, question_description)`) that every call
        in the project fills with static text (a prompt constant, an entry of a table of
        them): configuration, not per-request data, read as the shortest of those texts.
        None when a call passes anything else or none is found."""
        project = self.project
        if (
            scope.parent is None
            or scope.parent.kind != "module"
            or not cat.names_prompt_part(scope.name)
            or not cat.names_prompt_part(key)
            or (project is not None and project.hops >= MAX_HOPS)
        ):
            return None
        cache_key = (id(scope), key)
        if cache_key in self._passed:
            return self._passed[cache_key]
        self._passed[cache_key] = None  # while we look (recursion)
        names = [n for n in scope.params if n != scope.self_name]
        position = names.index(key)
        sites: list[tuple[Evaluator, Site]] = [
            (self, site)
            for site in self.index.calls
            if isinstance(site.node, cst.Call) and dotted(site.node.func) == scope.name
        ]
        if project is not None and self.module_name is not None:
            callers = project.modules_calling(self.module_name, scope.name)
            if callers is None:
                return None
            for foreign in callers:
                for site in foreign.index.calls:
                    assert isinstance(site.node, cst.Call)
                    qual = foreign.evaluator.qualname(site.node.func)
                    if qual is not None and project.is_function_of(
                        qual, foreign.name, self.module_name, scope.name
                    ):
                        sites.append((foreign.evaluator, site))
        texts: list[str] = []
        for ev, site in sites:
            call = site.node
            assert isinstance(call, cst.Call)
            arg = next((a for a in call.args if a.keyword and a.keyword.value == key), None)
            positional = [a for a in call.args if a.keyword is None and not a.star]
            if arg is None and position < len(positional):
                arg = positional[position]
            if arg is None and any(a.star for a in call.args):
                return None
            if arg is not None:
                val = ev.read_passed(arg.value, site)
            else:
                default = scope.params[key].default
                if default is None:
                    return None
                val = self.eval(default, scope.parent, _LOADED)
            if val.parts is None or val.all_taints() or any(isinstance(p, Dyn) for p in val.parts):
                return None
            texts.append(static_text(val.parts))
        # An empty text leaves the part out (`if guidance != "": ...`). Configured
        # differently per call (one text per mode or experiment), the shortest is the
        # least that is there when the part is.
        texts = [t for t in texts if t.strip()]
        if not texts:
            return None
        found = Val(parts=(Static(min(texts, key=len)),), node=scope.params[key])
        self._passed[cache_key] = found
        return found

    def read_passed(self, expr: cst.BaseExpression, site: Site) -> Val:
        """An argument of a call in this module, read for a callee in another (one hop)."""
        if self.project is None:
            return self.eval(expr, site.scope, site.at)
        with self.project.hop():
            return self.eval(expr, site.scope, site.at)

    def _table_entry(self, expr: cst.BaseExpression, site: Site) -> bool:
        """`LANGUAGES[lang_code]`: one of the fixed texts of a table of constants."""
        if not isinstance(expr, cst.Subscript):
            return False
        return _constant_table(self.eval(expr.value, site.scope, site.at))

    def _configured(self, expr: cst.BaseExpression, site: Site) -> bool:
        """`self.max_words` passed on: an attribute of the object that holds
        nothing per-request (an option set when the object was made)."""
        if not (
            isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and expr.value.value == site.scope.self_name
        ):
            return False
        val = self.eval(expr, site.scope, site.at)
        return val.parts is None and not val.all_taints() and val.kind is None

    def _from_events(
        self, key: str, scope: Scope, events: list[Event], at: int, env: Env | None = None
    ) -> Val | None:
        # With bindings the value depends on them: neither cached nor read from the cache.
        cache_key = (id(scope), key, at)
        if not env and cache_key in self._name_cache:
            return self._name_cache[cache_key]
        if env:  # the same name read under other bindings is another evaluation
            cache_key = (id(scope), f"{key}@{id(env)}", at)
        if cache_key in self._active:
            return UNKNOWN
        self._active.add(cache_key)
        try:
            before = [ev for ev in events if ev.end < at]
            base_idx = None
            for i in range(len(before) - 1, -1, -1):
                if before[i].kind in ("assign", "iter", "unpack"):
                    base_idx = i
                    break
            if base_idx is None:
                if all(ev.kind == "setfield" for ev in before):
                    # Only a field of an item set (`messages[-1]["content"] = ...` on a
                    # parameter): nothing known to set it in, the value is what it was.
                    return None
                base = Val()
                if (
                    scope.kind == "function"
                    and scope.parent is not None
                    and key not in scope.params
                    and "." not in key
                ):
                    # `history.append(...)` in a function mutates the module's `history`.
                    outer = self.resolve_key(key, scope.parent, 10**9)
                    if outer is not None:
                        base = outer
                elif key.startswith("self.") and scope.class_scope is not None:
                    # `self.files.remove(f)` in a method mutates what `__init__` set.
                    inits = [e for e in scope.class_scope.events.get(key, ()) if e.kind == "assign"]
                    if inits:
                        base = self._set_on_instance(key, inits[-1], scope)
                start = 0
            else:
                others = self._other_branches(before, base_idx, scope)
                if others and is_literal(before[base_idx].value):
                    base = self._branches(key, before[base_idx], others, scope, env)
                else:
                    base = self._eval_event(key, before[base_idx], scope, env)
                    if others:
                        base = self._with_variants(key, base, others, scope, env)
                start = base_idx + 1
            grown = self._grown_in_loop(
                key, scope, events, at, before[base_idx] if base_idx is not None else None
            )
            if grown is None:
                result = self._apply(key, scope, base, before, start, at, env)
            else:
                # Earlier passes' additions come after what the code before the loop made
                # and before what this pass adds ahead of the read.
                taint, loop = grown
                cut = next(
                    (
                        i
                        for i in range(start, len(before))
                        if any(it is loop for it in before[i].loops)
                    ),
                    len(before),
                )
                result = self._apply(key, scope, base, before[:cut], start, at, env)
                result = self._apply(key, scope, _grown(result, taint), before, cut, at, env)
        finally:
            self._active.discard(cache_key)
        if not env:
            self._name_cache[cache_key] = result
        return result

    def _other_branches(self, before: list[Event], base_idx: int, scope: Scope) -> list[Event]:
        """The bindings of the other branches of the `if` / `elif` / `else` whose last branch
        binds `before[base_idx]` (`if history: text = "\\n".join(history)` / `else: text =
        "None"`): the value is any of them, not only the one written last."""
        base = before[base_idx]
        if base.kind != "assign" or scope.kind != "function":
            return []
        sides = self._if_sides(scope)
        later = sides.get(id(base.node), ())
        out: list[Event] = []
        for ev in reversed(before[:base_idx]):
            if ev.kind != "assign":
                break
            mine = sides.get(id(ev.node), ())
            # The same `if`, this one in its body and the later one in its `else`.
            if not any((test, False) in mine for test, other in later if other):
                break
            out.append(ev)
            later = mine
        return out

    def _with_variants(
        self, key: str, last: Val, others: list[Event], scope: Scope, env: Env | None
    ) -> Val:
        """Branches that each build the text (variants of one prompt, `if schema: content =
        f"...{now}"` / `else: content = ...`): the last one's pieces, and a clock, id or
        random value only the others put in, as a piece at its end, where nothing fixed
        follows it. Joined, the texts would lose their pieces. Only those: what else a
        branch holds (a parameter, a listing) says what that branch is for (one tool's
        result of a dispatcher), not what every variant sends."""
        made = merge(self._eval_event(key, ev, scope, env) for ev in others).all_taints()
        extra = frozenset(t for t in made - last.all_taints() if t.kind in VOLATILE)
        if not extra:
            return last
        if last.parts is None:
            return last.with_own(extra)
        return replace(last, parts=join_parts(last.parts, (Dyn(extra, others[0].value),)))

    def _branches(
        self, key: str, base: Event, others: list[Event], scope: Scope, env: Env | None
    ) -> Val:
        value = self._eval_event(key, base, scope, env)
        for ev in others:
            val = self._eval_event(key, ev, scope, env)
            # The finding goes where a per-request value is made, not where a fixed
            # alternative is.
            node = val.node if val.all_taints() and not value.all_taints() else value.node
            value = self._either(value, val, node or ev.value or ev.node)
        return value

    def _if_sides(self, scope: Scope) -> dict[int, tuple[tuple[int, bool], ...]]:
        """Each statement of a function -> the `if`s around it, with True where it is in
        the `else` (an `elif` is the `else` of the `if` before it)."""
        found = self._sides.get(id(scope))
        if found is not None:
            return found
        sides: dict[int, tuple[tuple[int, bool], ...]] = {}

        def visit(node: cst.CSTNode, around: tuple[tuple[int, bool], ...]) -> None:
            if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.BaseExpression)):
                return
            if isinstance(node, cst.If):
                visit(node.body, (*around, (id(node), False)))
                if node.orelse is not None:
                    visit(node.orelse, (*around, (id(node), True)))
                return
            if isinstance(node, (cst.Assign, cst.AnnAssign)):
                sides[id(node)] = around
                return
            for child in child_nodes(node):
                visit(child, around)

        assert isinstance(scope.node, cst.FunctionDef)
        visit(scope.node.body, ())
        self._sides[id(scope)] = sides
        return sides

    def _grown_in_loop(
        self, key: str, scope: Scope, events: list[Event], at: int, base: Event | None
    ) -> tuple[Taint, cst.BaseExpression] | None:
        """A name read inside a loop that grows it later in the same pass (`archive` read
        for the request, then `archive.append(answer)`), and was not set anew in the pass
        before the read: each pass, so each request, reads more than the last."""
        if scope.kind != "function":
            return None
        spans: dict[int, tuple[int, int]] | None = None
        for ev in events:
            if ev.end <= at or not ev.loops or not _grows(ev):
                continue
            spans = self._loop_spans(scope) if spans is None else spans
            for loop in ev.loops:
                first, last = spans.get(id(loop), (0, -1))
                reset = base is not None and any(it is loop for it in base.loops)
                if first <= at <= last and not reset:
                    detail = f"`{key}` {GROWN}"
                    return Taint(CALLER, ev.node, detail, grown=True), loop
        return None

    def _loop_spans(self, scope: Scope) -> dict[int, tuple[int, int]]:
        """Each loop of a function (by its iterable or condition) -> the first and last
        ordinal of what happens in its body."""
        spans = self._spans.get(id(scope))
        if spans is not None:
            return spans
        spans = {}
        marks = [(ev.loops, ev.end) for evs in scope.events.values() for ev in evs]
        marks += [(site.loops, site.at) for site in self.index.calls if site.scope is scope]
        for loops, at in marks:
            for loop in loops:
                first, last = spans.get(id(loop), (at, at))
                spans[id(loop)] = (min(first, at), max(last, at))
        self._spans[id(scope)] = spans
        return spans

    def _eval_event(self, key: str, ev: Event, scope: Scope, env: Env | None = None) -> Val:
        assert ev.value is not None
        val = self.eval(ev.value, scope, ev.end, env)
        if isinstance(ev.node, cst.WithItem) and val.kind == cat.MCP_ADAPTER:
            # `with MCPAdapt(...) as tools`: the listing is the binding (its node is not the
            # value's, so a name holding it counts where it is passed on)
            return replace(self._listing(ev.node), node=ev.value)
        if ev.kind == "iter":
            val = self.element_of(val)
        elif ev.kind == "unpack":
            if (
                val.items is not None
                and ev.index < len(val.items)
                and not any(i.spread for i in val.items)
            ):
                val = val.items[ev.index]
            else:
                val = Val(own=_values(val.all_taints()))
        return val

    def _apply(
        self,
        key: str,
        scope: Scope,
        base: Val,
        events: list[Event],
        start: int,
        at: int,
        env: Env | None = None,
    ) -> Val:
        val = base
        for ev in events[start:]:
            if ev.end >= at:
                break
            val = self._mutate(val, ev, scope, env)
        return val

    def _loop_taints(self, ev: Event, scope: Scope, env: Env | None = None) -> frozenset[Taint]:
        # With the call's bindings: a helper looping over what it is given (`for path in
        # contents: text += ...`) builds in the order of what the caller passed.
        out: set[Taint] = set()
        for it in ev.loops:
            order = self.eval(it, scope, ev.end, env).all_taints()
            out |= _at_iteration(it, _structural(order))
        return frozenset(out)

    def _set_field(self, val: Val, ev: Event, scope: Scope, env: Env | None) -> Val:
        """`messages[0]["content"] = text`: the known item gets its field anew. Where the
        item or the field is not known, what the list holds is left as it was: the new
        value may sit anywhere in it (often the final turn, not the prefix)."""
        assert ev.value is not None
        index, name = ev.key, ev.field
        if val.items is None or not isinstance(index, cst.Integer):
            return val
        i = int(index.value, 0)
        key = literal_text(name)
        if i >= len(val.items) or any(it.spread for it in val.items[: i + 1]):
            return val
        item = val.items[i]
        if item.fields is None or not isinstance(key, str) or key not in item.fields:
            return val
        new = self.eval(ev.value, scope, ev.end, env)
        changed = replace(item, fields={**item.fields, key: new})
        return replace(val, items=(*val.items[:i], changed, *val.items[i + 1 :]))

    def _mutate(self, val: Val, ev: Event, scope: Scope, env: Env | None = None) -> Val:
        in_loop = bool(ev.loops)
        if ev.kind == "aug":
            assert ev.value is not None
            right = self.eval(ev.value, scope, ev.end, env)
            if ev.method == "AddAssign":
                # `prompt += part` in a loop builds the text in the order of the loop; a
                # count (`total += len(messages)`) is the same sum in any order.
                added = self._add(val, right, ev.node)
                ordered = in_loop and not _numeric(ev.value)
                return added.with_own(self._loop_taints(ev, scope, env)) if ordered else added
            return merge([val, right], ev.node)
        if ev.kind == "shuffle":
            return val.with_own([Taint(UNORDERED, ev.node, f"{ev.method}()")])
        if ev.kind == "del":
            # `del history[0]` / `del history[:n]` drop the oldest turns; `del schema["title"]`
            # removes a key, which is no window.
            if val.fields is None and _deletes_front(ev.value):
                return self._drop_front(val, ev.node, f"`{self.code(ev.node)}`")
            return val
        if ev.kind == "assign-slice":
            assert ev.value is not None
            return self.eval(ev.value, scope, ev.end, env)
        if ev.kind == "setitem":
            assert ev.value is not None
            new = self.eval(ev.value, scope, ev.end, env)
            k = ev.key
            if val.fields is not None and isinstance(k, cst.SimpleString):
                key = string_value(k)
                if isinstance(key, str):
                    return replace(val, fields={**val.fields, key: new})
            # `d[k] = v` in a loop orders the keys as the loop does.
            order = self._loop_taints(ev, scope, env) if in_loop else frozenset()
            return val.with_own(new.all_taints() | order)
        if ev.kind == "setfield":
            return self._set_field(val, ev, scope, env)
        if ev.kind == "closure":
            # A closure that adds its arguments to this name, called here: they go in, in
            # the order of the loops around the call.
            assert isinstance(ev.node, cst.Call)
            given = merge([self.eval(a.value, scope, ev.end, env) for a in ev.node.args], ev.node)
            more = repeated(given.all_taints()) if in_loop else given.all_taints()
            return Val(
                own=val.all_taints() | more | self._loop_taints(ev, scope, env), node=val.node
            )
        if ev.kind != "call":
            return val
        call = ev.node
        assert isinstance(call, cst.Call)
        method = ev.method
        args = [self.eval(a.value, scope, ev.end, env) for a in call.args]
        if method in ("append", "appendleft", "insert") and args:
            item = args[-1]
            if in_loop or val.items is None:
                more = repeated(item.all_taints()) if in_loop else item.all_taints()
                # A list made elsewhere keeps the growing call as its node: it is a list.
                return Val(
                    own=val.all_taints() | more | self._loop_taints(ev, scope, env),
                    node=call if val.node is None else val.node,
                )
            if method == "append":
                return replace(val, items=(*val.items, item))
            if method == "appendleft":
                return replace(val, items=(item, *val.items))
            pos = call.args[0].value
            if isinstance(pos, cst.Integer):
                i = int(pos.value)
                return replace(val, items=(*val.items[:i], item, *val.items[i:]))
            return Val(own=val.all_taints() | item.all_taints(), node=val.node)
        if method == "extend" and args:
            other = args[0]
            if in_loop or val.items is None:
                return Val(
                    own=val.all_taints() | other.all_taints() | self._loop_taints(ev, scope, env),
                    node=call if val.node is None else val.node,
                )
            return replace(val, items=(*val.items, *self._as_items(other)))
        if method == "update" and args:
            other = args[0]
            if val.fields is not None and other.fields is not None:
                return replace(val, fields={**val.fields, **other.fields})
            taken = other.all_taints()
            if makes_set(val.node):
                # A set keeps none of the order of what it takes in.
                taken = frozenset(t for t in taken if t.kind != UNORDERED)
            return val.with_own(taken)
        if method in ("pop", "popleft"):
            if method == "popleft" or (
                call.args
                and isinstance(call.args[0].value, cst.Integer)
                and call.args[0].value.value == "0"
            ):
                return self._drop_front(
                    val, call, "`.popleft()`" if method == "popleft" else "`.pop(0)`"
                )
            return val
        if method == "sort":
            return replace(val, own=frozenset(t for t in val.own if t.kind != UNORDERED))
        return val

    def _drop_front(self, val: Val, node: cst.CSTNode, what: str) -> Val:
        return Val(own=val.all_taints() | {Taint(WINDOW, node, what)}, node=val.node)

    def _as_items(self, v: Val) -> tuple[Val, ...]:
        if v.items is not None:
            return v.items
        return (replace(v, spread=True),)

    def element_of(self, v: Val) -> Val:
        """One element of iterating `v`: the order of the whole is not the element's."""
        if v.items is not None and v.items:
            m = merge(v.items)
            return Val(own=_values(m.own | v.own))
        if v.fields is not None:
            return Val(own=_values(v.all_taints()))
        return Val(own=_values(v.all_taints()))

    def _attribute(self, e: cst.Attribute, scope: Scope, at: int, env: Env) -> Val:
        key = key_of(e, scope)
        if key is not None:
            found = self.resolve_key(key, scope, at)
            return found if found is not None else Val(node=e)
        base = self.eval(e.value, scope, at, env)
        if base.fields is not None and base.kind is None and e.attr.value in base.fields:
            # An object built with keywords (`SimpleNamespace(system=...)`): its attribute.
            return base.fields[e.attr.value]
        taints = base.all_taints()
        if e.attr.value in cat.CLOCK_ZONE_READS:
            taints = frozenset(t for t in taints if t.kind != TIMESTAMP)
        callers = {t for t in taints if t.kind == CALLER and not t.grown}
        if callers and cat.names_configuration(e.attr.value):
            # `agent.parser_model_prompt`, `agent.system_template`: a field named like
            # configuration is configuration, as a parameter of that name is.
            return Val(own=frozenset(taints - callers), node=e)
        if callers:
            # request.user.name: report the field, not the parameter.
            taints = (taints - callers) | {Taint(CALLER, e, f"`{self.code(e)}`")}
        return Val(own=frozenset(taints), node=e)

    def _subscript(self, e: cst.Subscript, scope: Scope, at: int, env: Env) -> Val:
        base = self.eval(e.value, scope, at, env)
        if not e.slice:
            return base
        sl = e.slice[0].slice
        if isinstance(sl, cst.Index):
            idx = sl.value
            if isinstance(idx, cst.SimpleString) and base.fields is not None:
                k = string_value(idx)
                if isinstance(k, str) and k in base.fields:
                    return base.fields[k]
            key = literal_text(idx)
            if isinstance(key, str) and any(h in key.lower() for h in cat.STATIC_PARAM_HINTS):
                # `context["entity_types"]`, `ctx["system_prompt"]`: a field named like
                # configuration is configuration, as a parameter of that name is.
                kept = frozenset(t for t in base.all_taints() if t.kind != CALLER)
                return Val(own=kept, node=e)
            if (
                isinstance(idx, cst.Integer)
                and base.items is not None
                and not any(i.spread for i in base.items)
            ):
                i = int(idx.value)
                if i < len(base.items):
                    return base.items[i]
            if (
                isinstance(idx, cst.UnaryOperation)
                and isinstance(idx.operator, cst.Minus)
                and isinstance(idx.expression, cst.Integer)
                and base.items is not None
                and not any(i.spread for i in base.items)
            ):
                i = int(idx.expression.value)
                if 0 < i <= len(base.items):
                    return base.items[-i]
            if _constant_table(base):
                return Val(node=e)  # one of the table's constants, whatever the key
            taints = self.eval(idx, scope, at, env).all_taints() | _values(base.all_taints())
            # What a loop grows stays named as such: a field of one of its items is as new.
            callers = {t for t in taints if t.kind == CALLER and not t.grown}
            if callers:
                taints = (taints - callers) | {Taint(CALLER, e, f"`{self.code(e)}`")}
            return Val(own=frozenset(taints), node=e)
        assert isinstance(sl, cst.Slice)
        taints = base.all_taints()
        if _drops_front(sl):
            taints = taints | {Taint(WINDOW, e, f"`{self.code(e)}`")}
        return Val(own=taints, node=e)

    # ---- operators and displays --------------------------------------------------
    def _binary(self, e: cst.BinaryOperation, scope: Scope, at: int, env: Env) -> Val:
        left = self.eval(e.left, scope, at, env)
        right = self.eval(e.right, scope, at, env)
        if isinstance(e.operator, cst.Add):
            return self._add(left, right, e)
        if (
            isinstance(e.operator, cst.Modulo)
            and left.parts is not None
            and all(isinstance(p, Static) for p in left.parts)
        ):
            return self._percent(static_text(left.parts), right, e)
        if isinstance(e.operator, cst.Multiply):
            # "rule. " * 8: a repeated literal stays static text.
            for text_side, count in ((left, e.right), (right, e.left)):
                if (
                    isinstance(count, cst.Integer)
                    and text_side.parts is not None
                    and all(isinstance(p, Static) for p in text_side.parts)
                ):
                    text = static_text(text_side.parts)
                    return const_str(text * min(int(count.value, 0), 10_000), e)
        if isinstance(e.operator, cst.BitOr) and left.kind == "template":
            return left
        merged = merge([left, right], e)
        if isinstance(e.operator, _SET_OPERATORS):
            # set(a) & set(b) is one unordered value: report it once (at the first set).
            unordered = sorted(
                (t for t in merged.own if t.kind == UNORDERED),
                key=lambda t: self.index.ordinal.get(id(t.node), 0),
            )
            if len(unordered) > 1:
                merged = replace(merged, own=merged.own - frozenset(unordered[1:]))
        return merged

    def _add(self, left: Val, right: Val, node: cst.CSTNode) -> Val:
        if left.parts is not None or right.parts is not None:
            # String concatenation: keep the pieces in order; an unknown side is one piece.
            lp = (
                left.text_parts()
                if left.parts is not None or left.items is None
                else (Dyn(left.all_taints()),)
            )
            rp = (
                right.text_parts()
                if right.parts is not None or right.items is None
                else (Dyn(right.all_taints()),)
            )
            # What either side holds beside its known pieces (the order a helper built its
            # text in, `"Docs:\n" + aggregate(files)`) stays with the whole text.
            own = left.own if left.parts is not None else frozenset()
            if right.parts is not None:
                own = own | right.own
            return Val(own=own, parts=join_parts(lp, rp), node=node)
        if left.items is not None and right.items is not None:
            return Val(own=left.own | right.own, items=(*left.items, *right.items), node=node)
        if left.items is not None:
            return Val(own=left.own, items=(*left.items, *self._as_items(right)), node=node)
        if right.items is not None:
            return Val(own=right.own, items=(*self._as_items(left), *right.items), node=node)
        return merge([left, right], node)

    def _sequence(self, e: cst.List | cst.Tuple, scope: Scope, at: int, env: Env) -> Val:
        items: list[Val] = []
        for el in e.elements:
            v = self.eval(el.value, scope, at, env)
            if isinstance(el, cst.StarredElement):
                items.extend(self._as_items(v))
            else:
                items.append(v)
        return Val(items=tuple(items), node=e)

    def _dict(self, e: cst.Dict, scope: Scope, at: int, env: Env) -> Val:
        fields: dict[str, Val] = {}
        own: set[Taint] = set()
        for el in e.elements:
            if isinstance(el, cst.StarredDictElement):
                other = self.eval(el.value, scope, at, env)
                if other.fields is not None:
                    fields.update(other.fields)
                else:
                    own |= other.all_taints()
                continue
            assert isinstance(el, cst.DictElement)
            value = self.eval(el.value, scope, at, env)
            k = el.key
            key = literal_text(k)
            if key is not None:
                fields[key] = value
            else:
                own |= value.all_taints() | self.eval(k, scope, at, env).all_taints()
        cc = fields.get("cache_control")
        if cc is not None:
            own.add(Taint(BREAKPOINT, e, _ttl_of(cc)))
        return self._dict_val(fields, frozenset(own), e)

    def _dict_val(self, fields: dict[str, Val], own: frozenset[Taint], node: cst.CSTNode) -> Val:
        role = fields.get("role")
        kind = None
        role_name = None
        if (
            role is not None
            and role.parts is not None
            and all(isinstance(p, Static) for p in role.parts)
        ):
            role_name = static_text(role.parts)
            kind = "message"
        return Val(own=own, fields=fields, kind=kind, role=role_name, node=node)

    def _comprehension(self, e: cst.BaseComp, scope: Scope, at: int, env: Env) -> Val:
        local = dict(env)
        structural: set[Taint] = set()
        values: set[Taint] = set()
        clause: cst.CompFor | None = e.for_in
        while clause is not None:
            it = self.eval(clause.iter, scope, at, local)
            structural |= _at_iteration(clause.iter, _structural(it.all_taints()))
            element = self.element_of(it)
            self._bind(clause.target, element, local)
            for cond in clause.ifs:
                values |= _values(self.eval(cond.test, scope, at, local).all_taints()) - {
                    t for t in values if t.kind == CALLER
                }
            clause = clause.inner_for_in
        if isinstance(e, cst.DictComp):
            values |= self.eval(e.key, scope, at, local).all_taints()
            values |= self.eval(e.value, scope, at, local).all_taints()
        else:
            assert isinstance(e, (cst.ListComp, cst.GeneratorExp, cst.SetComp))
            values |= self.eval(e.elt, scope, at, local).all_taints()
        if isinstance(e, cst.SetComp):
            # A set has its own order: the order it was built in is gone.
            structural = {t for t in structural if t.kind != UNORDERED}
        own = repeated(frozenset(structural | values))
        if isinstance(e, cst.SetComp):
            own = own | {self._unordered(e, "set comprehension order", None)}
        return Val(own=own, node=e)

    def _bind(self, target: cst.BaseExpression, value: Val, env: dict[str, Val]) -> None:
        if isinstance(target, cst.Name):
            env[target.value] = value
        elif isinstance(target, (cst.Tuple, cst.List)):
            for el in target.elements:
                self._bind(el.value, Val(own=value.own), env)

    def _unordered(self, node: cst.CSTNode, detail: str, fix: str | None) -> Taint:
        return Taint(UNORDERED, node, detail, fix)

    def _sync_listing(self, call: cst.Call) -> bool:
        """Whether this `list_tools()` call of this module is used as it returns, not
        awaited nor handed to a runner (`asyncio.run(...)`, `loop.run_until_complete(...)`):
        MCP's `ClientSession.list_tools()` is a coroutine, so a call used as it returns is
        some other object's method."""
        if self._coroutine_calls is None:
            self._coroutine_calls = _coroutine_listings(self.module)
        listed, coroutines, wraps_coroutine = self._coroutine_calls
        return id(call) in listed and id(call) not in coroutines and not wraps_coroutine

    def _listing(self, node: cst.CSTNode) -> Val:
        """The tools of an MCP server, in the order its listing gives them."""
        return Val(own=frozenset({self._unordered(node, cat.MCP_LISTING, None)}), node=node)

    # ---- calls -------------------------------------------------------------------
    def call(self, e: cst.Call, scope: Scope, at: int, env: Env) -> Val:
        qname = self.qualname(e.func)
        func = e.func
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        args = [a for a in e.args if a.keyword is None and a.star == ""]
        kwargs = {a.keyword.value: a for a in e.args if a.keyword is not None}

        evaluated: list[Val] = []

        def arg_vals() -> list[Val]:
            # Once per call: paths below may each ask, and an argument that is itself a
            # call would otherwise be evaluated again at every level of nesting.
            if len(evaluated) < len(e.args):
                evaluated[:] = [self.eval(a.value, scope, at, env) for a in e.args]
            return evaluated

        if self._reads_file(e, qname, method, scope, at):
            # Text read from a file (a prompt, a task description, the code to work on)
            # is static, whichever folder it is read from: the same file every request.
            return Val(node=e)
        if qname is not None:
            kind = self.volatile.get(qname)
            head = qname.split(".")[0]
            if (
                kind is not None
                and "." in qname
                and head not in self.index.imports
                and self.resolve_key(head, scope, at, env) is not None
            ):
                kind = None  # `time.strftime(fmt)` on a local `time`: not the module
            if kind is not None:
                if qname in cat.CLOCK_WITH_OPTIONAL_TIME and e.args:
                    return merge(arg_vals(), e)
                if qname == "time.strftime" and len(e.args) >= 2:
                    return merge(arg_vals(), e)
                if qname == "id" and not e.args:
                    return Val(node=e)
                return Val(own=frozenset({Taint(kind, e, f"`{self.code(e.func)}()`")}), node=e)
            if qname in cat.SHUFFLE:
                return Val(node=e)
            if qname in cat.FIELD_FACTORIES and scope.kind == "class":
                made = self._field_default(e, cat.FIELD_FACTORIES[qname], scope, at, env)
                if made is not None:
                    return made
            if qname in cat.MCP_ADAPTERS:
                return Val(kind=cat.MCP_ADAPTER, node=e)
            if qname in cat.MCP_CLIENTS:
                return Val(kind=cat.MCP_CLIENT, node=e)
            if qname in cat.MCP_LISTING_CALLS:
                return self._listing(e)
            if qname in cat.UNORDERED_CALLS:
                inner = merge(arg_vals())
                if qname == "frozenset" and not e.args:
                    # Empty for good (a frozenset takes no `.add()`): it has no order.
                    return Val(node=e)
                if qname == "set" and not e.args:
                    # Empty now, filled with `.add()` later: reported where it is iterated.
                    empty = self._unordered(e, cat.UNORDERED_CALLS[qname], None)
                    return Val(own=frozenset({empty}), node=e)
                if qname in ("set", "frozenset"):
                    # frozenset({...}) is one unordered value, not two.
                    inner = Val(own=frozenset(t for t in inner.own if t.kind != UNORDERED))
                fix = None if qname in cat.NO_SORT_FIX else "sorted"
                unordered = self._unordered(e, cat.UNORDERED_CALLS[qname], fix)
                return replace(inner.with_own([unordered]), node=e)
            if qname in cat.JSON_DUMPS:
                obj = merge(arg_vals(), e)
                sort = kwargs.get("sort_keys")
                if qname == "orjson.dumps":
                    return obj  # orjson has option=OPT_SORT_KEYS; not judged here
                if sort is not None and not (
                    isinstance(sort.value, cst.Name) and sort.value.value == "False"
                ):
                    return obj
                has_star = any(a.star == "**" for a in e.args)
                if has_star:
                    return obj
                if args and _keyless(self.eval(args[0].value, scope, at, env)):
                    return obj  # a list of literal scalars has no keys to order
                # Only data whose key order is decided elsewhere can render differently for
                # the same content: a dict literal, a pydantic schema or a dataclass dump
                # comes out in the same order on every run of the same code path.
                sources = sorted(
                    (t for t in obj.all_taints() if t.kind in (KEY_SOURCE, UNORDERED)),
                    key=lambda t: self.index.ordinal.get(id(t.node), 0),
                )
                if not sources:
                    return obj
                fix = "sort_keys" if qname == "json.dumps" else None
                detail = f"`{self.code(e.func)}()` without sort_keys=True"
                taint = Taint(UNSORTED_JSON, e, detail, fix, source=sources[0].detail)
                return obj.with_own([taint])
            if qname in ("sorted",):
                inner = merge(arg_vals()[:1], e)
                return Val(own=frozenset(t for t in inner.own if t.kind != UNORDERED), node=e)
            if qname in cat.ORDER_INSENSITIVE:
                inner = merge(arg_vals(), e)
                return Val(own=frozenset(t for t in inner.own if t.kind != UNORDERED), node=e)
            if qname in ("str", "repr") and e.args:
                v = self.eval(e.args[0].value, scope, at, env)
                return v if v.parts is not None else Val(own=v.all_taints(), node=e)
            if qname in ("list", "tuple") and len(e.args) == 1:
                v = self.eval(e.args[0].value, scope, at, env)
                if v.items is not None:
                    return replace(v, node=e)
                return Val(own=_at_iteration(e.args[0].value, v.all_taints()), node=e)
            if qname in _ORDER_PASSING and args:
                # enumerate(files), zip(names, specs): iterated in their arguments' order.
                order: set[Taint] = set()
                for a in args:
                    v = self.eval(a.value, scope, at, env)
                    kept = _at_iteration(a.value, v.all_taints())
                    order |= {t for t in kept if t.kind not in STRUCTURAL or t.kind == UNORDERED}
                return Val(own=frozenset(order), node=e)
            if qname == "dict" and not args:
                fields = {k: self.eval(a.value, scope, at, env) for k, a in kwargs.items()}
                return self._dict_val(fields, frozenset(), e)
            if qname == "collections.deque" and _bounded_deque(e):
                # deque(maxlen=N) drops the oldest item on every append past N.
                inner = merge(arg_vals()[:1])
                window = Taint(WINDOW, e, f"`{self.code(e)}`")
                return Val(own=inner.all_taints() | {window}, node=e)
            if qname in cat.WINDOW_CALLS:
                inner = merge(arg_vals()[:1])
                window = Taint(WINDOW, e, f"`{cat.WINDOW_CALLS[qname]}`")
                return Val(own=inner.all_taints() | {window}, node=e)
            if qname == "itertools.count":
                return Val(kind="counter", node=e)
            if qname == "next" and e.args:
                v = self.eval(e.args[0].value, scope, at, env)
                if v.kind == "counter":
                    return Val(
                        own=frozenset({Taint(ID, e, f"`{self.code(e)}` (a counter)")}), node=e
                    )
            if qname in _COPIES and len(e.args) == 1:
                return self.eval(e.args[0].value, scope, at, env)
            if qname in ("textwrap.dedent", "inspect.cleandoc") and e.args:
                return self.eval(e.args[0].value, scope, at, env)
            if qname in _AWAITABLE_WRAPPERS and e.args:
                # what the awaitable gives (`await asyncio.wait_for(session.list_tools(), 10)`)
                return self.eval(e.args[0].value, scope, at, env)
            if qname.endswith("PromptTemplate.from_template") and e.args:
                # LangChain's PromptTemplate formats like str.format: `.format(**values)`
                # on it is read as on its text.
                return self.eval(e.args[0].value, scope, at, env)
            short = qname.split(".")[-1]
            if short in LANGCHAIN_MESSAGES:
                content = kwargs.get("content") or (args[0] if args else None)
                cv = self.eval(content.value, scope, at, env) if content is not None else UNKNOWN
                return Val(kind=LANGCHAIN_MESSAGES[short], fields={"content": cv}, node=e)
            if (
                qname.endswith("ChatPromptTemplate.from_messages")
                or (short == "ChatPromptTemplate" and args)
            ) and args:
                return self._lc_template(self.eval(args[0].value, scope, at, env), e)
        limited = limited_history_read(func, kwargs)
        if limited is not None:
            # `store.get_chat_history(sid, max_messages=10)` on every request: the newest
            # N stored turns, a window that moves once the session is longer (reported at
            # the count that cuts it, as `history[-n:]` is at its slice).
            cut = self.code(limited.keyword or func)
            window = Taint(WINDOW, limited, f"`{self.code(func)}(..., {cut}=...)`")
            return Val(own=frozenset({window}), node=e)
        if method is not None and isinstance(func, cst.Attribute):
            first = args[0].value if args else None
            asked = literal_text(first)
            if asked in cat.MCP_LISTING_REQUESTS:
                return self._listing(e)
            recv = self.eval(func.value, scope, at, env)
            if method in cat.CLOCK_ZONE_READS:
                read = recv.all_taints() | merge(arg_vals()).all_taints()
                return Val(own=frozenset(t for t in read if t.kind != TIMESTAMP), node=e)
            if method in cat.KEY_ORDER_SOURCES:
                source = Taint(KEY_SOURCE, e, f"{cat.KEY_ORDER_SOURCES[method]} (`{method}()`)")
                return Val(own=recv.all_taints() | {source}, node=e)
            if method in ("__enter__", "__aenter__") and recv.kind == cat.MCP_ADAPTER:
                return self._listing(e)
            if recv.kind == cat.MCP_CLIENT and isinstance(recv.node, cst.Call):
                client = self.qualname(recv.node.func) or ""
                if method in cat.MCP_CLIENTS.get(client, ()):
                    return self._listing(e)
            if method in cat.UNORDERED_METHODS and qname not in ("glob.glob",):
                if method == "list_tools":
                    if self._sync_listing(e):
                        # A registry's own `list_tools()` (names in registration order),
                        # not the MCP client's coroutine.
                        return recv
                    return self._listing(e)
                return recv.with_own([self._unordered(e, cat.UNORDERED_METHODS[method], "sorted")])
            if _retrieves(func, self.index.imports):
                # What a lookup returns differs between requests, whatever it is given.
                looked_up = Taint(STATE, e, f"what `{self.code(func)}()` looks up")
                # Its result is the lookup's: the query or user id it was given is not
                # what is placed in the prompt, nor the request id or random value that
                # names the search for the store (`context=ToolContext(request_id=uuid4())`)
                # (their clock or order would still be).
                given = merge([recv, *arg_vals()]).all_taints()
                kept = frozenset(t for t in _values(given) if t.kind not in (CALLER, ID, RANDOM))
                return Val(own=kept | {looked_up}, node=e)
            if recv.parts is not None and all(isinstance(p, Static) for p in recv.parts):
                text = static_text(recv.parts)
                if method == "join" and len(e.args) == 1:
                    items = self.eval(e.args[0].value, scope, at, env)
                    if items.items is not None and not any(i.spread for i in items.items):
                        parts: list[Part] = []
                        for i, item in enumerate(items.items):
                            if i:
                                parts.append(Static(text))
                            parts.extend(item.text_parts())
                        return Val(parts=join_parts(parts), node=e)
                    return Val(parts=(Dyn(items.all_taints(), e),), node=e)
                if method in ("format", "format_map"):
                    named = {k: self.eval(a.value, scope, at, env) for k, a in kwargs.items()}
                    mappings = [a for a in e.args if a.star == "**"]
                    if method == "format_map" and e.args:
                        mappings = [e.args[0]]
                    for a in mappings:  # .format(**context): its keys are the fields
                        mapping = self.eval(a.value, scope, at, env)
                        if mapping.fields is not None:
                            named = {**mapping.fields, **named}
                        else:
                            return Val(parts=(Dyn(mapping.all_taints(), e),), node=e)
                    positional = [] if method == "format_map" else args
                    passed: dict[int | str, cst.Arg] = dict(enumerate(positional))
                    passed.update(kwargs)
                    return self._format(
                        text,
                        [self.eval(a.value, scope, at, env) for a in positional],
                        named,
                        e,
                        passed,
                    )
            if recv.parts is not None and method == "replace" and len(e.args) == 2:
                filled = self._replace(recv, e.args, scope, at, env, e)
                if filled is not None:
                    return filled
            if recv.parts is not None and method in _STR_KEEPING:
                extra = merge(arg_vals())
                return Val(own=recv.own | extra.all_taints(), parts=recv.parts, node=e)
            if method in ("render", "render_async") and recv.parts is None:
                # A template we cannot read, filled from a mapping (`render(**vars)`): which
                # of its values it prints is unknown, so only values passed by name count.
                by_name = [self.eval(a.value, scope, at, env) for a in e.args if a.keyword]
                return Val(own=merge(by_name).all_taints() if by_name else frozenset(), node=e)
            if method == "get" and e.args and _constant_table(recv):
                # `FILE_TYPES.get(Path(name).suffix, "text")`: one of the table's constants
                # (or the default), a few fixed texts each cached on its own, not the key.
                rest = [self.eval(a.value, scope, at, env) for a in e.args[1:]]
                return Val(own=merge(rest).all_taints() if rest else frozenset(), node=e)
            if method == "get" and e.args:
                # `self.function_cfgs.get(name)`, as `table[name]`: one entry, not the
                # order the table was filled in.
                if recv.fields is not None and isinstance(asked, str) and asked in recv.fields:
                    return recv.fields[asked]
                given = merge(arg_vals()).all_taints()
                return Val(own=given | _values(recv.all_taints()), node=e)
            if method in ("copy",) and not e.args:
                return recv
            if method in ("keys", "values", "items") and recv.fields is not None:
                return Val(own=recv.all_taints(), node=e)
            if recv.kind == "template" and method in (
                "format_messages",
                "invoke",
                "format_prompt",
                "ainvoke",
            ):
                return Val(kind="template-result", node=e)
            if recv.kind == "template" and method in ("partial",):
                return recv
        if isinstance(func, cst.Name) and self._module_class(func.value) is not None:
            # Built with keywords (`Message(role=..., content=...)`), it holds them, as a
            # class of another module does; built from a listing (`ToolsSchema(
            # standard_tools=schemas)`), it holds that order: where the object goes, the
            # order goes.
            vals = arg_vals()
            pairs = zip(e.args, vals, strict=True)
            fields = {a.keyword.value: v for a, v in pairs if a.keyword is not None}
            held = frozenset(t for v in vals for t in v.all_taints() if t.kind == UNORDERED)
            return Val(own=held, kind="instance", role=func.value, fields=fields or None, node=e)
        # A function defined in this module: follow its return value.
        target = self.local_function(func, scope, at, env)
        if target is not None:
            fn, fn_scope = target
            returned = self._call_local(fn, fn_scope, e, scope, at, env)
            return self._placed_by_call(returned, e, arg_vals())
        # A method of a base class, or of an object of the project held by `self`.
        inherited = self._method_call(e, scope, at, env)
        if inherited is not None:
            return self._placed_by_call(inherited, e, arg_vals())
        # A function of another module of the checked tree.
        if qname is not None and dotted(func) is not None:
            head = (dotted(func) or "").split(".")[0]
            if head in self.index.imports:
                followed = self.imported_call(qname, e, scope, at, env)
                if followed is not None:
                    return self._placed_by_call(followed, e, arg_vals())
        # A class-like callee with keyword arguments keeps them as fields (types.Part(text=...)).
        callee = qname.split(".")[-1] if qname else ""
        vals = arg_vals()
        recv_taints: frozenset[Taint] = frozenset()
        if isinstance(func, cst.Attribute):
            recv_taints = self.eval(func.value, scope, at, env).all_taints()
        if callee[:1].isupper() and kwargs:
            # A storage location the object is built with (`root=f"tmp/{uuid4().hex}"`,
            # `db_file=...`) says where it keeps its data, not what its methods return.
            fields = {
                k: self.eval(a.value, scope, at, env)
                for k, a in kwargs.items()
                if not cat.names_location(k)
            }
            own = merge([self.eval(a.value, scope, at, env) for a in args]).own
            return self._dict_val(fields, own, e)
        # A call we cannot see into: what it returns carries its arguments' values, and the
        # order of text passed in (`clip_tokens(prompt)`), but not the order of collections
        # (a ranking, a lookup or a count over a set is not in set order).
        carried: set[Taint] = set(recv_taints)
        path_call = (qname or "").startswith(_PATH_MODULES)
        for a, v in zip(e.args, vals, strict=True):
            if not path_call and _names_file(a):
                # `self.model.speech_to_text(audio_path)`: what it gives back is made from
                # the file's content, not from its name (a random cache file name).
                carried |= {t for t in v.all_taints() if t.kind not in VOLATILE}
                continue
            carried |= v.all_taints() if v.parts is not None else _values(v.all_taints())
        if _configured_callable(func, scope):
            # `instructions(run_context, agent)` with `instructions` handed in as
            # configuration: what it returns is the configured text (the user's code), not
            # the data it is given.
            carried = {t for t in carried if t.kind != CALLER}
        return Val(own=frozenset(carried), node=e)

    def _field_default(
        self, e: cst.Call, keywords: tuple[str, ...], scope: Scope, at: int, env: Env
    ) -> Val | None:
        """A class body's `field(default_factory=F)` (pydantic `Field`, attrs `field(factory=F)`
        or `default=Factory(F)`): what `F()` gives each new object, when `F` is a lambda or a
        function the checker knows (`uuid.uuid4`). Other declarations: None, as before."""
        kwargs = {a.keyword.value: a.value for a in e.args if a.keyword is not None}
        factory = next((kwargs[k] for k in keywords if k in kwargs), None)
        if (
            isinstance(factory, cst.Call)
            and self.qualname(factory.func) in cat.FACTORY_WRAPPERS
            and factory.args
        ):
            factory = factory.args[0].value
        elif factory is not None and "default_factory" not in keywords and "factory" not in kwargs:
            return None  # attrs `default=`: a value, not a function
        if isinstance(factory, cst.Lambda):
            ps = factory.params
            if ps.params or ps.kwonly_params or isinstance(ps.star_arg, cst.Param) or ps.star_kwarg:
                return None  # a factory given the object (attrs `takes_self=True`)
            return self.eval(factory.body, scope, at, env)
        if isinstance(factory, (cst.Name, cst.Attribute)):
            kind = self.volatile.get(self.qualname(factory) or "")
            if kind is not None:
                return Val(
                    own=frozenset({Taint(kind, factory, f"`{self.code(factory)}()`")}), node=e
                )
        return None

    def _lc_template(self, messages: Val, node: cst.CSTNode) -> Val:
        variables: dict[str, bool] = {}
        items = messages.items or ()
        for i, item in enumerate(items):
            prefix = i < len(items) - 1
            texts: list[str] = []
            if item.items is not None and len(item.items) == 2:
                role, body = item.items
                if role.parts is not None:
                    rolename = static_text(role.parts)
                    if rolename == "system":
                        prefix = True
                if body.parts is not None:
                    texts.append(static_text(body.parts))
            for text in texts:
                try:
                    for _, name, _, _ in string.Formatter().parse(text):
                        if name:
                            head = name.split(".")[0].split("[")[0]
                            variables[head] = variables.get(head, False) or prefix
                except ValueError:
                    continue
        return Val(
            kind="template",
            items=messages.items,
            own=messages.own,
            node=node,
            template_vars=variables,
        )

    # ---- classes of the project: bases, class attributes, methods ----------------
    def _bases(self, cls: Scope) -> list[tuple[Evaluator, Scope]]:
        """The base classes of `cls` that are in the project (this module or an imported
        one), each with the evaluator of its module."""
        out: list[tuple[Evaluator, Scope]] = []
        if not isinstance(cls.node, cst.ClassDef):
            return out
        for arg in cls.node.bases:
            name = dotted(arg.value)
            if name is None:
                continue
            local = self._module_class(name) if "." not in name else None
            if local is not None and local is not cls:
                out.append((self, local))
                continue
            found = self._project_class(arg.value)
            if found is not None:
                out.append(found)
        return out

    def _project_class(self, expr: cst.BaseExpression) -> tuple[Evaluator, Scope] | None:
        """The class of another module of the project `expr` (a name or dotted name) is."""
        name = dotted(expr)
        if name is None or name.split(".")[0] not in self.index.imports:
            return None
        qname = self.qualname(expr)
        found = self._foreign(qname) if qname is not None else None
        if found is None or "." in found[2]:
            return None
        ev, module_scope, rest = found
        cls = module_scope.classes.get(rest)
        return (ev, cls) if cls is not None else None

    def _lineage(self, cls: Scope, skip_own: bool = False) -> list[tuple[Evaluator, Scope]]:
        """`cls` and its bases in the project, nearest first (the order attributes are
        looked up in, close enough for single inheritance)."""
        out: list[tuple[Evaluator, Scope]] = [] if skip_own else [(self, cls)]
        todo: list[tuple[Evaluator, Scope]] = self._bases(cls)
        while todo and len(out) < _MAX_LINEAGE:
            ev, base = todo.pop(0)
            if any(base is seen for _, seen in out):
                continue
            out.append((ev, base))
            todo.extend(ev._bases(base))
        return out

    def _base_instance_attribute(self, cls: Scope, key: str) -> Val | None:
        """`self.x` that only a base class sets, in its own methods (`self.examples =
        load_examples(...)` in the base, read by a subclass's prompt builder)."""
        for ev, owner in self._lineage(cls, skip_own=True):
            inits = [e for e in owner.events.get(key, ()) if e.kind == "assign"]
            if not inits:
                continue
            plain = [e for e in inits if not _reads_key(e.value, key)]
            init = (plain or inits)[-1]
            if init.owner is None:
                return None
            if ev is self:
                return self._set_on_instance(key, init, init.owner)
            assert self.project is not None
            with self.project.hop():
                return ev._set_on_instance(key, init, init.owner)
        return None

    def _class_attribute(self, cls: Scope, attr: str) -> Val | None:
        """A class attribute (`system_prompt: str = SYSTEM_PROMPT` in the class body, here
        or in a base class) read through `self`."""
        for ev, owner in self._lineage(cls):
            if not any(e.kind == "assign" for e in owner.events.get(attr, ())):
                continue
            if ev is self:
                return self.resolve_key(attr, owner, 10**9)
            assert self.project is not None
            with self.project.hop():
                return ev.resolve_key(attr, owner, 10**9)
        return None

    def _method_call(self, e: cst.Call, scope: Scope, at: int, env: Env) -> Val | None:
        """`self.m(...)` / `super().m(...)` with `m` defined in a base class, and `x.m(...)`
        on an object made from a class of the project: right there (`Plugin().m()`), or
        once, in the function or in the class's methods (`self.repo_map = RepoMap(...)` in
        `__init__`): what `m` returns."""
        func = e.func
        if not isinstance(func, cst.Attribute):
            return None
        recv = func.value
        lineage: list[tuple[Evaluator, Scope]] = []
        # An object made for this request (`SystemMessage(content=text).model_dump()`)
        # gives what it was made with to what its method returns; one the object holds
        # (`self.repo_map`) was made once, with its configuration.
        made_with: frozenset[Taint] = frozenset()
        on_self = isinstance(recv, cst.Name) and recv.value == scope.self_name
        if scope.class_scope is not None and (
            on_self or (isinstance(recv, cst.Call) and dotted(recv.func) == "super")
        ):
            lineage = self._lineage(scope.class_scope, skip_own=True)
        else:
            made = self._made_by_call(recv, scope)
            if made is None:
                return None
            if not (key_of(recv, scope) or "").startswith("self."):
                made_with = self.eval(recv, scope, at, env).all_taints()
            callee = made.func
            local = self._module_class(callee.value) if isinstance(callee, cst.Name) else None
            if local is not None:
                lineage = self._lineage(local)
            else:
                found = self._project_class(callee)
                if found is not None:
                    lineage = found[0]._lineage(found[1])
        for ev, owner in lineage:
            fn = owner.functions.get(func.attr.value)
            if fn is None:
                continue
            fscope = ev.index.scope_of_function.get(id(fn))
            if fscope is None or (not fscope.returns and not fscope.yields):
                return None
            returned: Val | None
            if ev is self:
                returned = self._call_local(fn, fscope, e, scope, at, env)
            else:
                if self.project is None or self.project.hops >= MAX_HOPS:
                    return None
                bound = self._bind_args(fscope, e, scope, at, env, defaults=False)
                for name, p in fscope.params.items():
                    # An argument not passed takes the method's default: the same every call.
                    if name not in bound and name != fscope.self_name and p.default is not None:
                        bound[name] = Val(node=p.default)
                with self.project.hop():
                    returned = ev.returned(fscope, bound)
            if returned is None or not made_with:
                return returned
            # What it was made with is placed here, by this call.
            return replace(returned.with_own(made_with), node=e)
        return None

    def _made_by_call(self, recv: cst.BaseExpression, scope: Scope) -> cst.Call | None:
        """The call that made the object `recv` is: `Plugin()` itself, or the one call a
        name or `self.attr` is assigned from (`plugin = Plugin()`, `self.repo_map =
        RepoMap(...)` in the class's methods)."""
        if isinstance(recv, cst.Call):
            return recv
        key = key_of(recv, scope)
        if key is None:
            return None
        owner = scope.class_scope if key.startswith("self.") else scope
        if owner is None:
            return None
        made = [
            ev.value
            for ev in owner.events.get(key, ())
            if ev.kind == "assign" and isinstance(ev.value, cst.Call)
        ]
        if len(made) != 1:
            return None  # not set, or set to different things
        assert isinstance(made[0], cst.Call)
        return made[0]

    def written_to_file(self, key: str, scope: Scope) -> bool:
        """`scope` writes the text `key` holds to a file (`f.write(prompt)`,
        `f.write(prompt.encode())`, `path.write_text(prompt)`): a prompt file generated
        once, read back later as static text, not a request's prompt."""
        if self._written is None:
            self._written = {}
            for site in self.index.calls:
                name = _written_name(site.node)
                if name is not None:
                    self._written.setdefault(id(site.scope), set()).add(name)
        return key in self._written.get(id(scope), ())

    def _module_class(self, name: str) -> Scope | None:
        module = self.index.module_scope
        return module.classes.get(name) if module is not None else None

    def local_function(
        self, func: cst.BaseExpression, scope: Scope, at: int = 0, env: Env | None = None
    ) -> tuple[cst.FunctionDef, Scope] | None:
        """The function of this module `func` names (a function or a method), if any."""
        if isinstance(func, cst.Name):
            s: Scope | None = scope
            while s is not None:
                fn = s.functions.get(func.value)
                if fn is not None and s.kind != "class":
                    fscope = self.index.scope_of_function.get(id(fn))
                    return (fn, fscope) if fscope is not None else None
                s = s.parent
            return None
        if isinstance(func, cst.Attribute):
            owner: Scope | None = None
            if isinstance(func.value, cst.Name) and func.value.value == scope.self_name:
                owner = scope.class_scope
            else:
                recv = self.eval(func.value, scope, at, env)
                if recv.kind == "instance" and recv.role is not None:
                    owner = self._module_class(recv.role)
            if owner is None:
                return None
            fn = owner.functions.get(func.attr.value)
            if fn is None:
                return None
            fscope = self.index.scope_of_function.get(id(fn))
            return (fn, fscope) if fscope is not None else None
        return None

    def _reads_file(
        self, e: cst.Call, qname: str | None, method: str | None, scope: Scope, at: int
    ) -> bool:
        """`open(p).read()`, `f.read()` / `json.load(f)` with `f` opened by `with open(p)
        as f`, `Path(p).read_text()`."""
        if method in _FILE_READS:
            assert isinstance(e.func, cst.Attribute)
            return self._opened(e.func.value, scope, at)
        return qname in _FILE_LOADS and bool(e.args) and self._opened(e.args[0].value, scope, at)

    def _opened(self, expr: cst.BaseExpression, scope: Scope, at: int) -> bool:
        if isinstance(expr, cst.Call):
            return self.qualname(expr.func) in _OPENS
        if not isinstance(expr, cst.Name):
            return False
        sets = [ev for ev in scope.events.get(expr.value, ()) if ev.end <= at and ev.value]
        last = sets[-1].value if sets else None
        return isinstance(last, cst.Call) and self.qualname(last.func) in _OPENS

    def project_function(
        self, func: cst.BaseExpression, scope: Scope, at: int
    ) -> tuple[Evaluator, Scope] | None:
        """The function of the project a call names: of this module or imported from
        another one (with the evaluator of its module)."""
        local = self.local_function(func, scope, at)
        if local is not None:
            return self, local[1]
        qname = self.qualname(func)
        found = self._foreign(qname) if qname is not None else None
        if found is None:
            return None
        ev, module_scope, rest = found
        fn = module_scope.functions.get(rest)
        fscope = ev.index.scope_of_function.get(id(fn)) if fn is not None else None
        return (ev, fscope) if fscope is not None else None

    def _placed_by_call(self, result: Val, e: cst.Call, args: list[Val]) -> Val:
        """What a project function named for a clock, id or random value returns, when that
        is nothing but the value it makes (`get_today_str()`): the value is placed by this
        call, so a finding about it is reported here, at each prompt the helper's value
        enters and where it can be moved, not once inside the helper that every prompt
        shares. A helper that puts the value into text of its own (`f"Current date:
        {today}"`) places it itself; a value handed in as an argument was made by the
        caller."""
        if result.kind is not None or result.items is not None or result.fields is not None:
            return result
        callee = e.func.attr.value if isinstance(e.func, cst.Attribute) else self.code(e.func)
        callee = callee.rsplit(".", 1)[-1]
        # Named for the value, not for text (`fmt_system_prompt()`, `_get_context()`): what
        # we cannot see of a text (`"\n".join(parts)`) may hold words of its own.
        words = cat.name_words(callee)
        if cat.names_prompt_part(callee) or not cat.VALUE_HELPER_WORDS.intersection(words):
            return result
        parts = result.text_parts()
        if any(c.isalpha() for c in static_text(parts)):
            return result  # words of its own; separators (`f"{d:%b} {d.day}, {d:%Y}"`) are not
        if any(isinstance(p, Dyn) and not any(t.kind in VOLATILE for t in p.taints) for p in parts):
            return result  # other text beside the value (a template we cannot read)
        taints = result.all_taints()
        passed = merge(args).all_taints()
        moved = {
            t
            for t in taints - passed
            # A per-process value keeps its own node: the rules tell it by its call.
            if t.kind in VOLATILE and t.detail.strip("`()") not in cat.PER_PROCESS
        }
        if not moved:
            return result
        # Through helpers of helpers the message names this call and the value's source.
        placed = {
            Taint(
                t.kind,
                e,
                f"`{self.code(e.func)}()` returning {t.detail.rsplit(' returning ', 1)[-1]}",
                t.fix,
                t.source,
            )
            for t in moved
        }
        return Val(own=frozenset((taints - moved) | placed), node=e)

    def _call_local(
        self, fn: cst.FunctionDef, fscope: Scope, e: cst.Call, scope: Scope, at: int, env: Env
    ) -> Val:
        if not fscope.returns and not fscope.yields:
            return Val(own=merge([self.eval(a.value, scope, at, env) for a in e.args]).own, node=e)
        key = (id(fn), "<call>", id(e))
        if key in self._active:
            return UNKNOWN
        self._active.add(key)
        try:
            result = self.returned(fscope, self._bind_args(fscope, e, scope, at, env))
        finally:
            self._active.discard(key)
        return result if result is not None else Val(node=e)

    def _bind_args(
        self, fscope: Scope, e: cst.Call, scope: Scope, at: int, env: Env, defaults: bool = True
    ) -> dict[str, Val]:
        """The call's arguments (evaluated here) by the callee's parameter names; with
        `defaults`, the callee (of this module) has its unpassed defaults bound too."""
        bound: dict[str, Val] = {}
        fn = fscope.node
        assert isinstance(fn, cst.FunctionDef)
        stars = {
            p.name.value: p
            for p in (fn.params.star_arg, fn.params.star_kwarg)
            if isinstance(p, cst.Param)
        }
        positional = [p for p in fscope.params if p != fscope.self_name and p not in stars]
        order = [a for a in e.args if a.keyword is None and a.star == ""]
        for name, a in zip(positional, order, strict=False):
            bound[name] = self.eval(a.value, scope, at, env)
        for a in e.args:
            if a.keyword is not None and a.keyword.value in fscope.params:
                bound[a.keyword.value] = self.eval(a.value, scope, at, env)
        # `*args` / `**kwargs` hold what the call hands them besides the named parameters,
        # and nothing when it hands nothing more: not the caller's data of every request.
        for name, p in stars.items():
            if p is fn.params.star_arg:
                extra = order[len(positional) :] + [a for a in e.args if a.star == "*"]
            else:
                extra = [
                    a
                    for a in e.args
                    if a.star == "**"
                    or (a.keyword is not None and a.keyword.value not in fscope.params)
                ]
            bound[name] = merge((self.eval(a.value, scope, at, env) for a in extra), p.name)
        for name, p in fscope.params.items():
            if (
                defaults
                and name not in bound
                and p.default is not None
                and name != fscope.self_name
            ):
                bound[name] = self.eval(p.default, fscope.parent or fscope, at)
        # A parameter the body reassigns (`now = now or datetime.now()`) is read from
        # its assignments: the binding would hide them (the last assignment wins). What
        # the call passed is still what those assignments start from (`memories =
        # memories[:-1]`), kept under a key no name reads.
        for name in list(bound):
            if any(ev.kind in _REBINDING for ev in fscope.events.get(name, ())):
                bound[_PASSED + name] = bound.pop(name)
        return bound

    def returned(self, fscope: Scope, env: Env | None = None) -> Val | None:
        """What calling the function of `fscope` gives: its last return's value (the last
        that is not a fallback text such as `return ""`) with the other returns' taints,
        or for a generator what it yields in the order of its loops.
        None when it returns nothing we can see."""
        if env:
            self._bound_returns += 1
            if self._bound_returns > MAX_BOUND_RETURNS or self._bound_evals > MAX_BOUND_EVALS:
                return Val(own=merge(env.values()).all_taints(), node=fscope.node)
        given = [(r, r.value) for r in fscope.returns if r.value is not None]
        results = [
            self.eval(value, fscope, self.index.ordinal.get(id(r), 10**9), env)
            for r, value in given
        ]
        if results:
            # A fixed fallback text (`if parts: return "\n".join(parts)` then `return ""`)
            # is the empty case: the text is the other return's, which a concatenation
            # keeps.
            # So is what an `except` handler returns (`return system_prompt` when the
            # lookup that extends it failed): the work's result is the other return's.
            last = max(
                (
                    i
                    for i, (r, value) in enumerate(given)
                    if not _fallback_text(value) and id(r) not in self.index.in_handler
                ),
                default=max(
                    (i for i, (_, value) in enumerate(given) if not _fallback_text(value)),
                    default=len(given) - 1,
                ),
            )
            main = results[last]
            others = merge(results[:last] + results[last + 1 :]).own
            main = main.with_own(others) if others else main
            if all(
                isinstance(r.value, cst.Name) and self.written_to_file(r.value.value, fscope)
                for r in fscope.returns
            ):
                return _fixed_once(main)
            return main
        if not fscope.yields:
            return None
        taints: set[Taint] = set()
        for node, loops in fscope.yields:
            at = self.index.ordinal.get(id(node), 10**9)
            if isinstance(node.value, cst.BaseExpression):
                taints |= self.eval(node.value, fscope, at, env).all_taints()
            for it in loops:
                order = _structural(self.eval(it, fscope, at, env).all_taints())
                taints |= _at_iteration(it, order)
        return Val(own=frozenset(taints), node=fscope.node)


# Reading a file: what `open`, `Path` give, read whole or parsed whole.
_OPENS = frozenset({"open", "io.open", "codecs.open", "pathlib.Path", "Path"})
_FILE_READS = frozenset({"read", "read_text", "read_bytes", "readlines"})
_FILE_LOADS = frozenset({"json.load", "yaml.safe_load", "yaml.load", "tomllib.load", "tomli.load"})

_MAX_LINEAGE = 8  # classes of a lineage looked through for an attribute or a method
# Copies give what they copy.
_COPIES = frozenset({"copy.copy", "copy.deepcopy"})


# Methods that write a text to a file (`written_to_file`).
_FILE_WRITES = frozenset({"write", "write_text", "write_bytes"})


def _written_name(call: cst.CSTNode) -> str | None:
    """The name whose text `call` writes to a file: `f.write(name)`, `f.write(name.encode())`,
    `path.write_text(name)`."""
    if not isinstance(call, cst.Call) or not call.args:
        return None
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value not in _FILE_WRITES:
        return None
    arg = call.args[0].value
    if (
        isinstance(arg, cst.Call)
        and isinstance(arg.func, cst.Attribute)
        and arg.func.attr.value == "encode"
    ):
        arg = arg.func.value
    return arg.value if isinstance(arg, cst.Name) else None


_VALIDATORS = frozenset({"field_validator", "validator"})


def _validates(decorator: cst.BaseExpression, attr: str) -> bool:
    """`@field_validator("apps")` / `@validator("apps", "tools")`: a pydantic validator of
    the field `attr`."""
    if not isinstance(decorator, cst.Call):
        return False
    name = dotted(decorator.func)
    if name is None or name.split(".")[-1] not in _VALIDATORS:
        return False
    return any(
        a.keyword is None
        and isinstance(a.value, cst.SimpleString)
        and string_value(a.value) == attr
        for a in decorator.args
    )


def _factory_of(outer: Scope, inner: Scope) -> bool:
    """Whether `outer` returns the function (nested in it) that `inner` is or is inside of."""
    s: Scope | None = inner
    while s is not None and s.parent is not outer:
        s = s.parent
    if s is None or s.kind != "function":
        return False
    return any(isinstance(r.value, cst.Name) and r.value.value == s.name for r in outer.returns)


# Modules whose functions work on a path's text (`os.path.basename(path)`): what they give
# back holds the name.
_PATH_MODULES = ("os.", "posixpath.", "ntpath.", "pathlib.", "shutil.", "urllib.")


def _names_file(arg: cst.Arg) -> bool:
    """An argument that is a file's location by its name: `audio_path`, `cache_file=`."""
    if arg.keyword is not None:
        return cat.names_location(arg.keyword.value)
    name = dotted(arg.value)
    return name is not None and cat.names_location(name.rsplit(".", 1)[-1])


def _configured_callable(func: cst.BaseExpression, scope: Scope) -> bool:
    """A parameter named like configuration called as a function (`instructions(ctx)`,
    `system_prompt(agent)`): a callback the caller configured."""
    if not isinstance(func, cst.Name) or not any(
        h in func.value.lower() for h in cat.STATIC_PARAM_HINTS
    ):
        return False
    s: Scope | None = scope
    while s is not None:
        if s.kind == "function" and func.value in s.params:
            return True
        s = s.parent
    return False


def limited_history_read(func: cst.BaseExpression, kwargs: Mapping[str, cst.Arg]) -> cst.Arg | None:
    """`get_chat_history(sid, max_messages=n)`, `session.get_items(limit=n)`: a read of the
    stored conversation cut to its newest N turns by a count passed by name (not `None`
    or `0`, which read it whole). -> the argument of the count."""
    name = func.attr.value if isinstance(func, cst.Attribute) else dotted(func)
    if name is None or not kwargs:
        return None
    words = set(cat.name_words(name.rsplit(".", 1)[-1]))
    if not (words & cat.READ_VERBS and words & cat.STORED_TURN_WORDS):
        return None
    for keyword, arg in kwargs.items():
        if keyword not in cat.TURN_COUNT_LIMITS:
            continue
        value = arg.value
        if isinstance(value, cst.Name) and value.value == "None":
            continue
        if isinstance(value, cst.Integer) and value.value == "0":
            continue
        return arg
    return None


def _retrieves(func: cst.Attribute, imports: Mapping[str, str]) -> bool:
    """`knowledge.search(q)`, `memory_manager.get_user_memories(user_id)`,
    `self.mem.run(messages)`: a method that looks something up for the request, by its name
    or the store it is called on. Not a module's function (`re.search`) or a constant's
    method (`_PATTERN.search(text)`: a compiled pattern), nor a write to the store."""
    words = set(cat.name_words(func.attr.value))
    if (
        func.attr.value in _ACCESSORS
        or words & cat.NOT_RETRIEVAL_WORDS
        or any(h in func.attr.value.lower() for h in cat.STATIC_PARAM_HINTS)
    ):
        return False
    recv = func.value
    recv_name = recv.attr.value if isinstance(recv, cst.Attribute) else None
    if isinstance(recv, cst.Name):
        if recv.value in imports or recv.value.isupper():
            return False
        recv_name = recv.value
    recv_words = set(cat.name_words(recv_name or ""))
    if recv_words & _PATTERN_WORDS:
        return False
    if words & cat.RETRIEVAL_METHOD_WORDS:
        return True
    if words & cat.RETRIEVAL_STORE_WORDS and words & cat.STORE_READ_WORDS:
        return True
    return bool(recv_words & cat.RETRIEVAL_STORE_WORDS)


# Methods of containers and texts (`entry.get("id")` on an item of `knowledge`): no lookup.
_ACCESSORS = frozenset(
    {"get", "items", "keys", "values", "copy", "pop", "split", "strip", "join", "format"}
    | {"lower", "upper", "replace", "encode", "decode", "dict", "json", "model_dump"}
    | {"to_dict", "startswith", "endswith", "count", "index", "append", "extend"}
)
# Receivers that are regular expressions (`pattern.search(text)`), not stores.
_PATTERN_WORDS = frozenset({"re", "regex", "pattern", "rx"})


def _grown(val: Val, grown: Taint) -> Val:
    """What a list or text holds on a later pass of the loop that grows it: what the code
    before the loop shows, then more (an unknown tail of items or text)."""
    if val.items is not None:
        return replace(val, items=(*val.items, Val(own=frozenset({grown}), spread=True)))
    if val.parts is not None:
        return replace(val, parts=join_parts(val.parts, (Dyn(frozenset({grown})),)))
    return val.with_own([grown])


def _grows(ev: Event) -> bool:
    """`x.append(...)`, `x.extend(...)`, `x += ...`: a change that adds to what `x` holds."""
    if ev.kind == "aug":
        return ev.method == "AddAssign"
    return ev.kind == "call" and ev.method in LIST_GROWING


def _fixed_once(val: Val) -> Val:
    """A generated prompt file's text: what filled it (the caller's values) is fixed in the
    file, as static as text read from one; clock, ids and order stay what they are."""

    def keep(taints: frozenset[Taint]) -> frozenset[Taint]:
        return frozenset(t for t in taints if t.kind != CALLER)

    parts = val.parts
    if parts is not None:
        parts = tuple(Dyn(keep(p.taints), p.node) if isinstance(p, Dyn) else p for p in parts)
    return replace(val, own=keep(val.own), parts=parts)


# Callees that run or wait for the coroutine they are given (`asyncio.run`, `wait_for`,
# `loop.run_until_complete`, `run_coroutine_threadsafe`, `anyio.from_thread.run`, `gather`,
# `create_task`, `ensure_future`, `shield`, a project's `_run_async` / `run_sync`).
_RUNNER_WORDS = ("run", "wait", "gather", "task", "future", "shield", "async", "sync")


def _coroutine_listings(module: cst.Module) -> tuple[set[int], set[int], bool]:
    """The ids of the module's `.list_tools()` calls, of those awaited or handed to
    something that runs a coroutine, and whether the module defines a `list_tools()` that
    awaits or runs one itself: a synchronous wrapper of an MCP client, whose callers get
    the server's listing without an `await`."""
    listed: set[int] = set()
    coroutines: set[int] = set()
    wrapper: list[bool] = []

    def runs_coroutine(node: cst.Call) -> bool:
        callee = (dotted(node.func) or "").rsplit(".", 1)[-1].lower()
        return any(word in callee for word in _RUNNER_WORDS)

    def is_listing(node: cst.BaseExpression) -> bool:
        return (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "list_tools"
        )

    class _Listings(Walker):
        def __init__(self) -> None:
            self.in_sync_listing: list[bool] = []

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.in_sync_listing.append(
                node.name.value == "list_tools" and node.asynchronous is None
            )

        def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.in_sync_listing.pop()

        def visit_Call(self, node: cst.Call) -> None:
            if is_listing(node):
                listed.add(id(node))
            if runs_coroutine(node):
                if self.in_sync_listing[-1:] == [True]:
                    wrapper.append(True)  # a synchronous `list_tools()` running a coroutine
                for arg in node.args:
                    if is_listing(arg.value):
                        coroutines.add(id(arg.value))

        def visit_Await(self, node: cst.Await) -> None:
            if is_listing(node.expression):
                coroutines.add(id(node.expression))

    _Listings().walk(module)
    return listed, coroutines, bool(wrapper)


# Calls that give what the awaitable they wrap gives.
_AWAITABLE_WRAPPERS = frozenset(
    {
        "asyncio.wait_for",
        "asyncio.shield",
        "asyncio.create_task",
        "asyncio.ensure_future",
        "asyncio.run",
    }
)
_SET_OPERATORS = (cst.BitAnd, cst.BitOr, cst.BitXor, cst.Subtract)
# Builtins that iterate their arguments lazily, in their order (list/tuple are read above).
_ORDER_PASSING = cat.ORDER_KEEPING - {"list", "tuple", "dict"}
_REBINDING = frozenset({"assign", "iter", "unpack"})


def _fallback_text(value: cst.BaseExpression) -> bool:
    """A fixed text returned where there is nothing to say (`return ""`). Not `return
    None` or `return []`: an object or a list made only in some cases (a client when one
    is configured) is not there in the others."""
    return isinstance(value, (cst.SimpleString, cst.ConcatenatedString))


# The key of an environment under which a reassigned parameter's argument is kept.
_PASSED = "\0passed:"

_STR_KEEPING = {
    "strip",
    "lstrip",
    "rstrip",
    "lower",
    "upper",
    "title",
    "capitalize",
    "replace",
    "casefold",
    "expandtabs",
}


# Unordered values that are kept (in a variable, an attribute) before they are iterated.
_KEPT_ORDER = frozenset(
    {
        "set iteration order",
        "frozenset iteration order",
        "set display order",
        "set comprehension order",
    }
)


def _placement(node: cst.CSTNode | None) -> bool:
    """A piece's node that says where its value entered the text (an f-string hole, an
    argument of `.format`), rather than only what made the value."""
    return isinstance(node, (cst.FormattedStringExpression, cst.Arg))


# Calls that give a number: what is added up from them has no order.
_NUMBER_CALLS = frozenset({"len", "int", "float", "sum", "round", "abs", "min", "max"})


def _numeric(node: cst.BaseExpression | None) -> bool:
    """`1`, `len(x)`, `-2.5`, `sum(sizes)`: an expression that is a number."""
    if isinstance(node, cst.UnaryOperation):
        node = node.expression
    if isinstance(node, (cst.Integer, cst.Float)):
        return True
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Name)
        and node.func.value in _NUMBER_CALLS
    )


def _literal(node: cst.BaseExpression | None) -> bool:
    """A literal string or number (`None` and booleans say nothing about the value)."""
    if isinstance(node, cst.UnaryOperation):
        node = node.expression
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float))


# A position after every statement of a module: what its names hold once it is imported.
_LOADED = 1 << 60


def _at_iteration(iterable: cst.BaseExpression, taints: frozenset[Taint]) -> frozenset[Taint]:
    """A set kept in a variable is reported where it is iterated into an ordered sequence
    (`for n in enabled`, `list(CATEGORIES)`, `list(current - previous)`): a set has no
    order until it is iterated, so that is where the order is made and where `sorted(...)`
    belongs. An MCP tool listing is not: its order is made by the server and fixed in the
    `list_tools()` result, so it stays at the call however far it is carried (`for t in
    listed.tools`, a helper that iterates `self._tools`)."""
    set_operation = isinstance(iterable, cst.BinaryOperation) and isinstance(
        iterable.operator, _SET_OPERATORS
    )
    if not (set_operation or isinstance(iterable, (cst.Name, cst.Attribute))):
        return taints
    out = set()
    for t in taints:
        if t.detail == cat.MCP_LISTING:
            out.add(t)
        elif t.kind == UNORDERED and t.detail in _KEPT_ORDER and t.node is not iterable:
            # No fix: the elements may not be orderable (a set of functions).
            out.add(Taint(UNORDERED, iterable, t.detail, None))
        else:
            out.add(t)
    return frozenset(out)


def _reads_key(node: cst.CSTNode | None, key: str) -> bool:
    """Whether the expression reads `key` (`self.usable` in `self.usable.copy()`)."""
    if node is None:
        return False
    if isinstance(node, (cst.Attribute, cst.Name)) and dotted(node) == key:
        return True
    return any(_reads_key(child, key) for child in child_nodes(node))


def _names_a_class(annotation: str) -> bool:
    """`type[T]`, `Type[Model] | None`: the parameter holds a class."""
    return annotation.replace(" ", "").startswith(("type[", "Type[", "typing.Type["))


def _constant_table(v: Val) -> bool:
    """A dict display of literal values (`{".py": "python", ".js": "javascript"}`), also
    of lists or tables of them (`{"ja": {"agent": "..."}, "ko": {...}}`)."""
    return (
        v.fields is not None
        and bool(v.fields)
        and not v.own
        and all(_constant(f) for f in v.fields.values())
    )


def _constant(v: Val) -> bool:
    """Literal text, or a display of literal texts (nested), with nothing per-request."""
    if v.own:
        return False
    if v.parts is not None:
        return all(isinstance(p, Static) for p in v.parts)
    if v.items is not None:
        return all(not i.spread and _constant(i) for i in v.items)
    if v.fields is not None:
        return all(_constant(f) for f in v.fields.values())
    return False


def _keyless(v: Val) -> bool:
    """A literal scalar, or a list/tuple of them (nested): JSON with no object keys."""
    if v.items is not None:
        return not v.own and all(not i.spread and _keyless(i) for i in v.items)
    if v.parts is not None:
        return all(isinstance(p, Static) for p in v.parts)
    if isinstance(v.node, (cst.Integer, cst.Float)):
        return True
    return isinstance(v.node, cst.Name) and v.node.value in ("True", "False", "None")


def _bounded_deque(call: cst.Call) -> bool:
    """`deque(maxlen=N)` or `deque(items, N)` with N not None."""
    for i, a in enumerate(call.args):
        if (a.keyword is not None and a.keyword.value == "maxlen") or (
            a.keyword is None and not a.star and i == 1
        ):
            return not (isinstance(a.value, cst.Name) and a.value.value == "None")
    return False


def _deletes_front(target: cst.BaseExpression | None) -> bool:
    """`x[0]` or `x[:n]` as a `del` target."""
    if not isinstance(target, cst.Subscript) or not target.slice:
        return False
    sl = target.slice[0].slice
    if isinstance(sl, cst.Index):
        return isinstance(sl.value, cst.Integer) and sl.value.value == "0"
    return isinstance(sl, cst.Slice) and sl.lower is None and sl.upper is not None


def _drops_front(sl: cst.Slice) -> bool:
    """`x[-N:]`, `x[-n:]`, `x[len(x) - N:]`: windows that keep only the newest items."""
    if sl.upper is not None or sl.lower is None:
        return False
    lower = sl.lower
    if isinstance(lower, cst.UnaryOperation) and isinstance(lower.operator, cst.Minus):
        return True
    if isinstance(lower, cst.BinaryOperation) and isinstance(lower.operator, cst.Subtract):
        return isinstance(lower.left, cst.Call) and dotted(lower.left.func) == "len"
    return False
