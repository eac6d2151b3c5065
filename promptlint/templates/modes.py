"""The modes a chat template documents: the `chat_template_kwargs` it reads, and their values.

Servers pass extra template variables per request (vLLM and SGLang as
`chat_template_kwargs`, llama.cpp as `--chat-template-kwargs`): `enable_thinking`,
`thinking`, `thinking_budget`, `reasoning_effort`, `truncate_history_thinking`… A
template that reads one renders differently per value, and each value is a mode the
render check replays on its own ("with enable_thinking=true, reasoning of earlier turns
is dropped"). Which variables a template reads, and which values it tells apart, come
from its own tests: `x is defined`, `if x`, `x == 'high'`, `x > 0`, `x | default(…)`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from jinja2 import nodes

from promptlint.templates.sandbox import SERVER_INPUTS

# Inputs every chat template reads that are not per-request modes (or have their own probes).
NOT_MODES = SERVER_INPUTS | {
    "date_string",
    "custom_tools",
    "builtin_tools",
    "range",
    "namespace",
    "dict",
    "lipsum",
    "cycler",
    "joiner",
    # transformers' own flag for prefilling the last message, not a template mode.
    "continue_final_message",
    # Message fields a template copies into variables of the same name.
    "content",
    "reasoning_content",
    "role",
    "tool_calls",
}
# Values servers and clients pass for the kwargs documented by model cards, beyond the
# ones a template compares against.
KNOWN_VALUES: dict[str, tuple[Any, ...]] = {
    "enable_thinking": (True, False),
    "thinking": (True, False),
    "thinking_budget": (0, 1024),
    "reasoning_effort": ("low", "medium", "high"),
    "truncate_history_thinking": (True, False),
}
# Kwargs that switch reasoning on and off (False or 0 means the model does not reason);
# the others (`preserve_thinking`, `clear_thinking`, `truncate_history_thinking`) only
# change how reasoning in history is rendered.
SWITCHES = re.compile(r"^(enable_)?(thinking|reasoning|think)(_mode)?$")
BUDGETS = re.compile(r"(thinking|reasoning)_budget$")
# Flag-like names of the kwargs model cards document; a variable with another name that is
# only truth-tested (`{% if model_identity %}`) is text the caller passes, not a mode.
FLAG_NAMES = re.compile(
    r"think|reason|effort|budget|cot|^(enable|use|keep|skip|add|clear|preserve|truncate|"
    r"include|show|disable|tools_in)_"
)
MAX_MODE_VARIABLES = 6
MAX_VALUES = 3


@dataclass(frozen=True)
class Mode:
    """One documented way of calling the template: kwargs passed on every request."""

    kwargs: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        if not self.kwargs:
            return "default"
        return ", ".join(f"{k}={_shown(v)}" for k, v in self.kwargs.items())

    @property
    def reasoning_off(self) -> bool:
        """The model does not reason in this mode (a switch set false, a budget of 0)."""
        for key, value in self.kwargs.items():
            if SWITCHES.match(key) and value in (False, None, "none", "off"):
                return True
            if BUDGETS.search(key) and value == 0:
                return True
        return False

    @property
    def about_reasoning(self) -> bool:
        return any("think" in k or "reason" in k for k in self.kwargs)


DEFAULT_MODE = Mode()


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def template_modes(tree: nodes.Template, undeclared: set[str]) -> list[Mode]:
    """The default mode, then one mode per (kwarg, value) the template tells apart."""
    # A name the template sets is its own variable, unless it is also tested with
    # `is defined`: `{% if thinking is not defined %}{% set thinking = false %}` is an input
    # with a fallback.
    defined_tests = {
        t.node.name
        for t in tree.find_all(nodes.Test)
        if t.name in ("defined", "undefined") and isinstance(t.node, nodes.Name)
    }
    assigned = {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")}
    assigned.update(m.name for m in tree.find_all(nodes.Macro))
    assigned -= defined_tests
    values: dict[str, list[Any]] = {}
    for name in sorted(undeclared - NOT_MODES - assigned):
        found = _tested_values(tree, name, flag_like=bool(FLAG_NAMES.search(name)))
        if not found:
            continue  # read but never tested: content, not a mode
        known = KNOWN_VALUES.get(name, ())
        if known:
            # Only values of the kwarg's own type: `if thinking_budget` is not a bool mode.
            kind = type(known[0])
            found = [*known, *(v for v in found if type(v) is kind and v not in known)]
        values[name] = found[:MAX_VALUES]
    # Documented kwargs first, then reasoning-related ones, then the rest.
    order = sorted(
        values,
        key=lambda n: (n not in KNOWN_VALUES, not ("think" in n or "reason" in n), n),
    )
    modes = [DEFAULT_MODE]
    for name in order[:MAX_MODE_VARIABLES]:
        modes.extend(Mode({name: v}) for v in values[name])
    return modes


def _tested_values(tree: nodes.Template, name: str, flag_like: bool) -> list[Any]:
    """Values of `name` the template's tests tell apart (none if it never tests it).

    Comparisons with constants count for any name; truth tests (`if x`, `x is defined`)
    only for flag-like names.
    """
    out: list[Any] = []

    def add(value: Any) -> None:
        if value not in out and not (isinstance(value, str) and not value.strip()):
            out.append(value)

    for node in tree.find_all((nodes.Compare, nodes.Test, nodes.Filter, nodes.If, nodes.CondExpr)):
        if isinstance(node, nodes.Compare) and _is_name(node.expr, name):
            for operand in node.ops:
                if isinstance(operand.expr, nodes.Const):
                    value = operand.expr.value
                    if isinstance(value, (int, float)) and not isinstance(value, bool):
                        # `x > 0`: a value on each side of the threshold.
                        add(value)
                        add(value + 1024 if operand.op in ("gt", "gteq") else 0)
                    elif isinstance(value, (str, bool)):
                        add(value)
        elif isinstance(node, nodes.Compare):
            for operand in node.ops:
                if _is_name(operand.expr, name) and isinstance(node.expr, nodes.Const):
                    add(node.expr.value)
        elif isinstance(node, nodes.Test) and _is_name(node.node, name) and flag_like:
            if node.name in ("true", "false", "boolean", "defined", "undefined", "none"):
                add(True)
                add(False)
        elif (
            isinstance(node, nodes.Filter) and node.name == "default" and _is_name(node.node, name)
        ):
            for arg in node.args[:1]:
                if isinstance(arg, nodes.Const):
                    add(arg.value)
                    if isinstance(arg.value, bool):
                        add(not arg.value)
        elif (
            isinstance(node, (nodes.If, nodes.CondExpr))
            and flag_like
            and _truth_tested(node.test, name)
        ):
            add(True)
            add(False)
    return out


def _is_name(node: nodes.Node | None, name: str) -> bool:
    return isinstance(node, nodes.Name) and node.name == name


def _truth_tested(test: nodes.Node, name: str) -> bool:
    """`if x`, `if not x`, `if x and …`: the value's truth decides a branch."""
    if _is_name(test, name):
        return True
    if isinstance(test, nodes.Not):
        return _truth_tested(test.node, name)
    if isinstance(test, (nodes.And, nodes.Or)):
        return _truth_tested(test.left, name) or _truth_tested(test.right, name)
    return False
