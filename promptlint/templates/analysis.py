"""What the static Jinja rules need to know about a template, computed once per template.

jinja2's parser gives an AST with line numbers but no columns; columns are found by
locating the flagged name on its line. The analysis answers: which printed expressions
carry a clock or random value (directly, or through `set` variables and namespaces),
where the conversation starts (the first loop over `messages` or a variable derived
from it), and which printed values are per-request inputs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import PurePath

from jinja2 import meta, nodes

from promptlint.templates.loading import TemplateSource
from promptlint.templates.sandbox import SERVER_INPUTS, parse_environment, unknown_helpers
from promptlint.templates.sections import final_input_line

# Callables that return the current time (`strftime_now` is what model servers provide;
# the others are what applications commonly register for their prompt templates).
CLOCK_CALLS = frozenset(
    {"strftime_now", "now", "utcnow", "today", "current_time", "current_date", "localtime"}
)
CLOCK_METHODS = frozenset({"now", "utcnow", "today"})
# Template inputs that hold the current date or time when the caller fills them.
CLOCK_VARIABLES = frozenset(
    {
        "date_string",
        "today",
        "now",
        "current_date",
        "current_time",
        "current_datetime",
        "datetime",
        "timestamp",
        "date",
        "time",
        "today_date",
        "todays_date",
        "time_now",
        "date_now",
    }
)
CLOCK_SUFFIXES = ("_date", "_time", "_datetime", "_timestamp")
# Dates that do not move (knowledge cut-off, release dates) look the same by name.
STATIC_DATE_WORDS = frozenset({"cutoff", "knowledge", "release", "training", "birth", "created"})
RANDOM_FILTERS = frozenset({"random", "shuffle"})
RANDOM_CALLS = frozenset({"random", "randint", "choice", "shuffle", "lipsum", "sample"})
# Words in a variable name that mark a per-request value (user, question, retrieved text…).
PER_REQUEST_WORDS = frozenset(
    {
        "user",
        "username",
        "query",
        "question",
        "input",
        "request",
        "session",
        "context",
        "document",
        "documents",
        "docs",
        "retrieved",
        "retrieval",
        "results",
        "search",
        "history",
        "memory",
        "memories",
        "profile",
        "customer",
        "ticket",
        "email",
        "account",
    }
)
# Inputs every chat template reads that are not per-request text.
CHAT_INPUTS = SERVER_INPUTS | {
    "enable_thinking",
    "tools_in_user_message",
    "builtin_tools",
    "custom_tools",
}
# Where a printed value sits, as the rules word it.
REGION_WHERE = {
    "before": "before the conversation (in the system header)",
    "inside": "inside the conversation loop, so every past message is re-rendered with it",
    "prompt": "into the prompt",
    "head": "into the system message or a few-shot example, ahead of this request's input",
}
# File-name words of templates that render the user turn (where a date belongs).
USER_TURN_WORDS = frozenset({"user", "human", "question", "query"})
# Variable-name words of the user's own message (`user_message`, `new_message`).
_MESSAGE_WORDS = frozenset({"message", "msg"})
_USERS_MESSAGE_WORDS = frozenset({"user", "human", "new", "latest", "followup"})


@dataclass(frozen=True)
class Source:
    """A value that changes from request to request, as seen in the template."""

    kind: str  # "clock" or "random"
    label: str  # e.g. "strftime_now(...)", "date_string", "| random"
    line: int
    needle: str  # text to locate on the line for a column
    # The constant the template falls back to (`{% set date_string = "26 Jul 2024" %}`).
    fallback: str | None = None
    # The variable (or namespace slot) the value reached the output through.
    via: str | None = None
    # A template input (filled by the caller or server), not a call in the template.
    is_input: bool = False


@dataclass(frozen=True)
class Printed:
    """An expression printed into the output, with its AST ancestors."""

    expr: nodes.Expr
    parents: tuple[nodes.Node, ...]
    # Position in document order (one-line templates make line numbers useless for order).
    index: int = 0

    @property
    def line(self) -> int:
        return self.expr.lineno


@dataclass
class TemplateAnalysis:
    src: TemplateSource
    tree: nodes.Template
    is_chat: bool
    undeclared: set[str]
    # The first loop over the conversation, if any.
    conversation_loop: nodes.For | None
    printed: list[Printed] = field(default_factory=list)
    # Variables (and `ns.attr` namespace slots) assigned from clock or random values.
    volatile_vars: dict[str, Source] = field(default_factory=dict)
    # Constants a template input falls back to (`{% if x is not defined %}{% set x = "…" %}`).
    fallbacks: dict[str, str] = field(default_factory=dict)
    # Document-order index of the conversation loop.
    loop_index: int = 0
    # A prompt file in role sections (templates/sections.py): the line where the final
    # user section, this request's new turn, starts; what comes before it is the prefix.
    final_input: int | None = None

    @property
    def is_user_turn_file(self) -> bool:
        if self.final_input is not None:
            return False  # its sections say where the user turn is
        words = set(re.split(r"[^a-z0-9]+", PurePath(self.src.path).stem.lower()))
        return bool(words & USER_TURN_WORDS) and not self.is_chat

    @property
    def prints_user_message(self) -> bool:
        """The template prints the user's own message (`{{ user_message }}`): it renders a
        user turn of a conversation, the final one when it is sent and kept as sent in the
        history afterwards, so nothing in it is a prefix of a later request."""
        return any(
            isinstance(n, nodes.Name) and n.name in self.undeclared and _names_users_message(n.name)
            for p in self.printed
            for n in _walk_expr(p.expr)
        )

    @property
    def is_system_file(self) -> bool:
        """A system prompt by its file name (`system.j2`, `agent_system_prompt.jinja2`): the
        conversation follows it, so whatever comes after a value in it is sent again."""
        words = set(re.split(r"[^a-z0-9]+", PurePath(self.src.path).stem.lower()))
        return "system" in words or "sys" in words

    @property
    def uses_other_templates(self) -> bool:
        """`{% extends %}`, `{% include %}` or `{% import %}`: not renderable on its own."""
        kinds = (nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport)
        return any(isinstance(node, kinds) for node, _ in walk(self.tree))

    def column(self, line: int, needle: str) -> int:
        """1-based column of `needle` on template `line` (1 when not found)."""
        idx = self.src.line_text(line).find(needle)
        return idx + 1 if idx >= 0 else 1

    def region(self, printed: Printed) -> str:
        """'before', 'inside' or 'after' the conversation (or 'prompt' without one; 'head'
        or 'after' the final input of a prompt file in role sections)."""
        loop = self.conversation_loop
        if loop is None and self.final_input is not None:
            return "after" if printed.line >= self.final_input else "head"
        if loop is None:
            return "prompt"
        if any(p is loop for p in printed.parents):
            return "before" if _in_system_branch(printed, loop) else "inside"
        return "before" if printed.index < self.loop_index else "after"

    def printed_sources(
        self, kind: str, with_generation_prompt: bool = False
    ) -> Iterator[tuple[Printed, str, Source]]:
        """(printed expression, its region, source) for each `kind` value printed, once per
        line and needle; the generation prompt ("after") only when asked for."""
        seen: set[tuple[int, str]] = set()
        for printed in self.printed:
            region = self.region(printed)
            if region == "after" and not with_generation_prompt:
                continue
            for source in self.sources_in(printed.expr):
                if source.kind != kind or (printed.line, source.needle) in seen:
                    continue
                seen.add((printed.line, source.needle))
                yield printed, region, source

    def sources_in(self, expr: nodes.Node) -> list[Source]:
        """Clock and random values an expression uses."""
        found: list[Source] = []
        for node in _walk_expr(expr):
            source = self._source_of(node)
            if source is not None:
                found.append(source)
        return found

    def _source_of(self, node: nodes.Node) -> Source | None:
        if isinstance(node, nodes.Call):
            callee = node.node
            if isinstance(callee, nodes.Name) and callee.name in CLOCK_CALLS:
                return Source("clock", f"{callee.name}(...)", node.lineno, callee.name)
            if isinstance(callee, nodes.Getattr) and callee.attr in CLOCK_METHODS:
                return Source("clock", f".{callee.attr}()", node.lineno, callee.attr)
            if isinstance(callee, nodes.Name) and callee.name in RANDOM_CALLS:
                return Source("random", f"{callee.name}(...)", node.lineno, callee.name)
        if isinstance(node, nodes.Filter) and node.name in RANDOM_FILTERS:
            return Source("random", f"| {node.name}", node.lineno, node.name)
        if isinstance(node, nodes.Name) and node.ctx == "load":
            if node.name in self.volatile_vars:
                return self._through(node.name, node.name)
            if node.name in self.undeclared and is_clock_name(node.name):
                fallback = self.fallbacks.get(node.name)
                return Source("clock", node.name, node.lineno, node.name, fallback, is_input=True)
        if isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name):
            key = f"{node.node.name}.{node.attr}"
            if key in self.volatile_vars:
                return self._through(key, node.attr)
        return None

    def _through(self, key: str, needle: str) -> Source:
        origin = self.volatile_vars[key]
        if origin.is_input:
            return origin
        fallback = self.fallbacks.get(key)
        return Source(origin.kind, origin.label, origin.line, needle, fallback, via=key)


def is_clock_name(name: str) -> bool:
    lowered = name.lower()
    words = set(lowered.split("_"))
    if words & STATIC_DATE_WORDS:
        return False
    return lowered in CLOCK_VARIABLES or lowered.endswith(CLOCK_SUFFIXES)


def _names_users_message(name: str) -> bool:
    words = set(name.lower().split("_"))
    return bool(words & _MESSAGE_WORDS and words & _USERS_MESSAGE_WORDS)


def is_per_request_name(name: str) -> bool:
    return bool(set(name.lower().split("_")) & PER_REQUEST_WORDS)


def _walk_expr(node: nodes.Node) -> Iterator[nodes.Node]:
    yield node
    for child in node.iter_child_nodes():
        yield from _walk_expr(child)


def walk(
    node: nodes.Node, parents: tuple[nodes.Node, ...] = ()
) -> Iterator[tuple[nodes.Node, tuple[nodes.Node, ...]]]:
    """Every node under `node` (document order) with its ancestors."""
    yield node, parents
    for child in node.iter_child_nodes():
        yield from walk(child, (*parents, node))


def _mentions(expr: nodes.Node, names: set[str]) -> bool:
    return any(isinstance(n, nodes.Name) and n.name in names for n in _walk_expr(expr))


def _conversation_loop(tree: nodes.Template) -> nodes.For | None:
    # Names holding the conversation: `messages` and what is derived from it
    # (`loop_messages = messages[1:]`, `messages = messages[1:]`).
    aliases = {"messages"}
    for node, _ in walk(tree):
        if (
            isinstance(node, nodes.Assign)
            and isinstance(node.target, nodes.Name)
            and _mentions(node.node, aliases)
        ):
            aliases.add(node.target.name)
    for node, _ in walk(tree):
        # The loop that prints the messages, not one that only scans them (Qwen3 walks
        # `messages[::-1]` first to find the last user query).
        if (
            isinstance(node, nodes.For)
            and _mentions(node.iter, aliases)
            and any(isinstance(n, nodes.Output) for n, _ in walk(node))
        ):
            return node
    return None


def _reads_turns(tree: nodes.Template) -> bool:
    """The template reads a message's `role` or `content` somewhere: its `messages` is a
    conversation. A `messages` input printed only whole (`{{ message }}` for each of a
    list of texts attached to one prompt) is data of one message, not the turns."""
    for node, _ in walk(tree):
        if isinstance(node, nodes.Getattr) and node.attr in _TURN_FIELDS:
            return True
        if (
            isinstance(node, nodes.Getitem)
            and isinstance(node.arg, nodes.Const)
            and node.arg.value in _TURN_FIELDS
        ):
            return True
    return False


_TURN_FIELDS = frozenset({"role", "content"})


def _in_system_branch(printed: Printed, loop: nodes.For) -> bool:
    """Inside the conversation loop, in a branch for the system message or loop.first."""
    inside = printed.parents[[id(p) for p in printed.parents].index(id(loop)) + 1 :]
    for i, parent in enumerate(inside):
        if not isinstance(parent, nodes.If) or i + 1 >= len(inside):
            continue
        if not any(child is inside[i + 1] for child in parent.body):
            continue  # the else/elif side of the test
        for node in _walk_expr(parent.test):
            if isinstance(node, nodes.Const) and node.value == "system":
                return True
            if isinstance(node, nodes.Getattr) and node.attr == "first":
                return True
    return False


def _assign_key(target: nodes.Node) -> str | None:
    if isinstance(target, nodes.Name):
        return target.name
    if isinstance(target, nodes.NSRef):
        return f"{target.name}.{target.attr}"
    return None


def analyse(src: TemplateSource) -> TemplateAnalysis:
    """Parse and analyse a template; raises jinja2.TemplateSyntaxError."""
    env = parse_environment()
    tree = env.parse(src.source)
    # Filters and tests the application registers (`usd`, `markdown`…) are unknown here;
    # jinja2 would refuse to compile the template without them, and the static rules only
    # need the tree, so any stand-in will do.
    unknown = unknown_helpers(tree, env)
    for name in unknown.filters:
        env.filters[name] = _unknown_helper
    for name in unknown.tests:
        env.tests[name] = _unknown_helper
    undeclared = set(meta.find_undeclared_variables(tree))
    loop = _conversation_loop(tree)
    is_chat = src.is_chat_file or ("messages" in undeclared and _reads_turns(tree))
    analysis = TemplateAnalysis(src, tree, is_chat, undeclared, loop if is_chat else None)
    if not is_chat:
        analysis.final_input = final_input_line(src.sections)
    _collect_assignments(analysis)
    for index, (node, parents) in enumerate(walk(tree)):
        if node is analysis.conversation_loop:
            analysis.loop_index = index
        if isinstance(node, nodes.Output) and not any(
            isinstance(p, nodes.AssignBlock) for p in parents
        ):
            for child in node.nodes:
                if not isinstance(child, nodes.TemplateData):
                    analysis.printed.append(Printed(child, (*parents, node), index))
    return analysis


def _unknown_helper(value: object, *args: object, **kwargs: object) -> object:
    return value


def _collect_assignments(analysis: TemplateAnalysis) -> None:
    assigns: list[tuple[str, nodes.Node]] = []
    for node, _ in walk(analysis.tree):
        if isinstance(node, nodes.Assign):
            key = _assign_key(node.target)
            if key is not None:
                assigns.append((key, node.node))
                if isinstance(node.node, nodes.Const) and isinstance(node.node.value, str):
                    analysis.fallbacks.setdefault(key, node.node.value)
        elif isinstance(node, nodes.AssignBlock):
            key = _assign_key(node.target)
            if key is not None:
                assigns.append((key, node))
    # Values flow through chains of `set`; two passes cover chains written in any order.
    for _ in range(2):
        for key, value in assigns:
            if key in analysis.volatile_vars:
                continue
            sources = analysis.sources_in(value)
            if sources:
                analysis.volatile_vars[key] = sources[0]


@dataclass(frozen=True)
class Piece:
    """One piece of a template's output in document order: static text, or a printed
    expression with the template inputs it reads (its own, and those of the loops it is in)."""

    line: int
    text: str = ""
    inputs: frozenset[str] = frozenset()
    optional: bool = False  # inside an `{% if %}`: printed only when its test holds


def output_pieces(source: str) -> list[Piece]:
    """The template's output in order, for a caller that knows what each input holds.
    Raises jinja2.TemplateSyntaxError."""
    tree = parse_environment().parse(source)
    pieces: list[Piece] = []
    for node, parents in walk(tree):
        if not isinstance(node, nodes.Output) or any(
            isinstance(p, (nodes.AssignBlock, nodes.Macro)) for p in parents
        ):
            continue
        loop_inputs = {
            n.name
            for p in parents
            if isinstance(p, nodes.For)
            for n in _walk_expr(p.iter)
            if isinstance(n, nodes.Name) and n.ctx == "load"
        }
        optional = any(isinstance(p, nodes.If) for p in parents)
        for child in node.nodes:
            if isinstance(child, nodes.TemplateData):
                pieces.append(Piece(child.lineno, text=child.data, optional=optional))
            elif isinstance(child, nodes.Const) and isinstance(child.value, str):
                pieces.append(Piece(child.lineno, text=child.value, optional=optional))
            else:
                names = {
                    n.name
                    for n in _walk_expr(child)
                    if isinstance(n, nodes.Name) and n.ctx == "load"
                }
                pieces.append(Piece(child.lineno, inputs=frozenset(names | loop_inputs)))
    return pieces


def static_around(tree: nodes.Template, target: nodes.Node) -> tuple[int, int]:
    """Characters of static text printed before and after `target` (an expression or an
    output node), leaving out the other branches of the `if`s around it: they are not
    printed with it."""
    chain: tuple[nodes.Node, ...] | None = None
    for node, parents in walk(tree):
        if node is target:
            chain = (*parents, node)
            break
    if chain is None:
        return 0, 0
    excluded: set[int] = set()
    for i, parent in enumerate(chain[:-1]):
        if not isinstance(parent, nodes.If):
            continue
        inside = chain[i + 1]
        branches: list[list[nodes.Node]] = [list(parent.body)]
        branches += [[e] for e in parent.elif_]
        branches.append(list(parent.else_))
        for branch in branches:
            if any(n is inside for n in branch):
                continue
            for top in branch:
                excluded.update(id(n) for n, _ in walk(top))
    before = after = 0
    seen = False
    for node, parents in walk(tree):
        if node is target:
            seen = True
            continue
        if id(node) in excluded:
            continue
        if isinstance(node, nodes.TemplateData):
            text = node.data
        elif (
            isinstance(node, nodes.Const)
            and isinstance(node.value, str)
            and parents
            and isinstance(parents[-1], nodes.Output)
        ):
            text = node.value
        else:
            continue
        if any(isinstance(p, (nodes.AssignBlock, nodes.Macro)) for p in parents):
            continue
        if seen:
            after += len(text.strip())
        else:
            before += len(text.strip())
    return before, after
