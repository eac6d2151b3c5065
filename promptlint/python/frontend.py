"""The Python front end of `check`: libcst parse, one analysis, every Python rule.

Files without a prompt-building shape are not parsed (the LLM_HINTS pre-filter).
Positions are computed only for reported nodes (`python/locate.py`): libcst's
PositionProvider records every node and costs about as much as the parse.
"""

from __future__ import annotations

import ast
import bisect
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

import libcst as cst

from promptlint.check.config import CHARS_PER_TOKEN, CheckConfig
from promptlint.check.frontends import FrontendResult
from promptlint.check.rule import Rule
from promptlint.check.suppressions import parse_suppressions
from promptlint.findings import FileError, Finding, Fix, FixSafety
from promptlint.python.catalogue import MCP_LISTING, names_prompt_part
from promptlint.python.flow import Evaluator
from promptlint.python.index import (
    LIST_GROWING,
    Event,
    ModuleIndex,
    Scope,
    build_index,
    is_literal,
    key_of,
)
from promptlint.python.locate import locate
from promptlint.python.move_fix import path_to
from promptlint.python.order_reads import order_read
from promptlint.python.parse import parse_module
from promptlint.python.project import Project, import_time_calls
from promptlint.python.requests import (
    Block,
    Request,
    decorated_prompt_blocks,
    find_requests,
    returned_one_shots,
    standalone_prefix_blocks,
    system_builder_blocks,
    wrapped_messages,
    wrapped_systems,
)
from promptlint.python.values import UNORDERED, Taint, Val, static_text

# Cheap pre-filter: a file with none of these builds no prompt we can see (and is not
# parsed at all). It looks for the shapes prompts take, not just LLM-ish words.
LLM_HINTS = re.compile(
    r"""["'](?:role|messages|system|tools|tool_call_id|tool_use_id)["']"""
    r"|\b(?:messages|system|instructions|prompt|tools|contents|system_instruction|system_prompt)\s*="
    r"|cache_control|SystemMessage|HumanMessage|ChatPromptTemplate|generate_content"
    r"|list_tools|MCPAdapt|litellm|responses\.create|\.a?invoke\(|\.system_prompt\b|\.instructions\b"
    # prompt parts by name (PROMPT_PART_WORDS): `docs_prompt += ...`, `def get_system_prompt(`
    r"|\b\w*_?(?:prompts?|instructions?|preamble)\w*\s*\+?=[^=]"
    r"|\b[A-Z_]*(?:PROMPTS?|INSTRUCTIONS?|PREAMBLE)[A-Z_]*\s*=[^=]"
    r"|\bdef \w*(?:prompt|instruction|system|tools|messages)\w*\("
    # what trims or re-renders a history (rules/python/history_rewrite.py): a condenser or
    # history processor, a function that takes the turns it reshapes
    r"|\bdef \w*(?:history|condens)\w*\("
    # an accessor that reads the memory the agent sends (`def get_memory(`)
    r"|\bdef (?:get|load|read|fetch)_\w*memor(?:y|ies)\w*\("
    # LangChain's windowed memories (WINDOW_MEMORIES), made for a chain built elsewhere
    r"|\bConversation(?:BufferWindow|TokenBuffer)Memory\("
    r"|\bdef \w+\([^)]*?\b\w*(?:history|messages|turns)\s*[:,)=]"
    # templates rendered here (python/rendered.py)
    r"|\.from_string\(|\.get_template\(|\bTemplate\(|\b(?:chevron|pystache)\.render\("
    # tools or prompt parts built from a directory listing (rules/python/tool_order.py):
    # `functions = [load(p) for p in folder.glob("*.py")]`, sent from another module
    r"|\b\w*(?:tools|functions|descriptions?|enum)\s*=[^=\n][^\n]*"
    r"\b(?:r?glob|iglob|iterdir|listdir|scandir)\("
    # fields added to a DSPy signature, the system message its adapter builds
    r"|\bsignature\.(?:append|prepend|insert)\("
)


DEEP_RECURSION = 20_000


@dataclass
class PendingFix:
    description: str
    safety: FixSafety
    node: cst.CSTNode | None  # replaced as a whole (or give start and end offsets)
    replacement: str
    start: int | None = None
    end: int | None = None


@dataclass
class Report:
    rule: type[Rule]
    node: cst.CSTNode  # where the value is placed into the prompt part
    message: str
    fix: PendingFix | None = None
    # Where the value is made, when that is not where it is placed (`location = ...` three
    # lines above the `.format(location=location)` that places it): the finding's line,
    # when it is an earlier statement of the same function (see `_anchor`).
    origin: cst.CSTNode | None = None


@dataclass
class PrefixUse:
    taint: Taint
    block: Block
    request: Request | None  # None: prefix by itself (a system message anywhere)

    @property
    def where(self) -> str:
        api = f" of `{self.request.api}` request" if self.request is not None else ""
        return f"{self.block.label}{api}"


@dataclass
class PythonContext:
    path: str
    text: str
    module: cst.Module
    index: ModuleIndex
    evaluator: Evaluator
    config: CheckConfig
    reports: list[Report] = field(default_factory=list)

    @cached_property
    def requests(self) -> list[Request]:
        sinks = set(self.config.prompt_sinks)
        return list(find_requests(self.index, self.evaluator, sinks))

    @cached_property
    def standalone(self) -> list[Block]:
        blocks = list(standalone_prefix_blocks(self.index, self.evaluator))
        blocks += system_builder_blocks(self.index, self.evaluator)
        return blocks + list(decorated_prompt_blocks(self.index, self.evaluator))

    @cached_property
    def prefix_uses(self) -> list[PrefixUse]:
        """Every taint that reaches a cacheable prefix, once per origin (first place wins)."""
        seen: set[tuple[str, int]] = set()
        out: list[PrefixUse] = []
        pairs: list[tuple[Block, Request | None]] = [
            (b, r) for r in self.requests for b in r.blocks if b.prefix
        ]
        pairs += [(b, None) for b in self.standalone]
        # What a caller hands the project's client wrapper as the system text it sends
        # ahead of the conversation, by position too (`self._call_model(model, prompt)`).
        pairs += [(b, None) for b in self.wrapped_systems]
        for block, request in pairs:
            for t in sorted(block.val.all_taints(), key=lambda t: self.order(t.node)):
                key = (t.kind, id(t.node))
                if key not in seen:
                    seen.add(key)
                    out.append(PrefixUse(t, block, request))
        return out

    @cached_property
    def text_blocks(self) -> list[tuple[Block, Request | None]]:
        """System text and first messages (PL104 reads these). A first message that is
        also the final turn counts: static text after per-request data in it could have
        been cached had it come first."""
        out: list[tuple[Block, Request | None]] = []
        for r in self.requests:
            out += [(b, r) for b in r.blocks if b.text_first]
        # A system message of a known request is judged with it (a request written out in
        # full is sent once per input), not again as a system message on its own.
        sent = {id(b.val.node) for b, _ in out if b.val.node is not None}
        out += [
            (b, None)
            for b in self.standalone
            if b.text_first and (b.val.node is None or id(b.val.node) not in sent)
        ]
        return out

    @cached_property
    def events(self) -> list[tuple[Scope, str, list[Event]]]:
        """Every name and `self.attr` of every function and the module, with what changes it."""
        out: list[tuple[Scope, str, list[Event]]] = []
        stack: list[Scope | None] = [self.index.module_scope]
        while stack:
            scope = stack.pop()
            if scope is None:
                continue
            if scope.kind != "class":  # a class scope repeats its methods' self.x events
                out.extend((scope, key, evs) for key, evs in scope.events.items())
            stack.extend(self.index.scope_of_function.get(id(f)) for f in scope.functions.values())
            stack.extend(scope.classes.values())
        return out

    @cached_property
    def named_parts(self) -> list[Block]:
        """Values whose name says they are a prompt part (`docs_prompt`, `self._tools`,
        `tool_descriptions`, a `get_system_prompt()` return), wherever they are sent: the
        order they are built in is the order the model reads them in."""
        out: list[Block] = []
        for scope, key, events in self.events:
            name = key.rsplit(".", 1)[-1]
            if not names_prompt_part(name) or self.evaluator.written_to_file(key, scope):
                continue  # a prompt file generated here is static text where it is read
            # What it holds after each change: a later conditional reassignment
            # (`docs = clip(docs)` when too long) must not hide how it was built.
            read: bool | None = None
            for at in sorted({ev.end + 1 for ev in events}):
                val = self.evaluator.resolve_key(key, scope, at)
                if val is not None:
                    kept = _unset(val, listing_kept=key.startswith("self."))
                    if any(t.kind == UNORDERED for t in kept.own):
                        # Only looked up in (`name in current_tools`): its order goes nowhere.
                        read = order_read(scope, key) if read is None else read
                        if not read:
                            kept = replace(
                                kept, own=frozenset(t for t in kept.own if t.kind != UNORDERED)
                            )
                    # The input of an agent that has its own instructions is its final
                    # user turn, not a one-shot request (see `one_shot_texts`).
                    final = (id(scope), key) in self._agent_inputs
                    out.append(Block(kept, f"`{key}`", "prompt", final=final, prefix=True))
        for fscope in self.index.scope_of_function.values():
            named = names_prompt_part(fscope.name)
            if not named and not (fscope.returns and self._lists_tools(fscope)):
                continue
            if _web_route(fscope.node):
                continue  # `@app.get("/tools")`: its return is an HTTP response
            val = self.evaluator.returned(fscope)
            if val is None:
                continue
            where = f"what `{fscope.name}()` returns"
            kept = _unset(val, listing_kept=True)
            if not named:
                # An MCP listing handed to the caller (`return await client.list_tools()`)
                # is the tools it gives the model, whatever the function is called.
                own = frozenset(t for t in kept.own if t.detail == MCP_LISTING)
                if not own:
                    continue
                kept = Val(own=own, node=val.node)
                where = f"the MCP tools `{fscope.name}()` returns"
            out.append(Block(kept, where, "prompt", prefix=True))
        return out

    def _lists_tools(self, fscope: Scope) -> bool:
        """Whether the function calls `list_tools()` itself: only then is its return read
        for an MCP listing (evaluating every function's return costs as much as the rest)."""
        return "list_tools" in self.text and ".list_tools(" in self.code(fscope.node)

    @cached_property
    def _import_time_calls(self) -> set[int]:
        return import_time_calls(self.index)

    def at_import(self, node: cst.CSTNode) -> bool:
        """A call made while its module is imported (module or class body, here or in a
        module the value was followed into): once per process."""
        if id(node) in self._import_time_calls:
            return True
        project = self.evaluator.project
        return project is not None and project.at_import(node)

    @cached_property
    def one_shot_texts(self) -> list[Block]:
        """Prompt text by name (`*_prompt` variables, `generate_*_prompt()` returns) whose
        request we cannot see: read as a one-shot template, where only the static text
        before the first per-request value is reusable. Not the input of an agent built
        with its own instructions (`planner.run(planning_prompt)`): the request is that
        agent's instructions, then this text as the final user turn, new on every run."""
        out: list[Block] = []
        for b in self.named_parts:
            if b.final:
                continue
            # A prompt function may return its texts together (`return [system, query]`);
            # a list grown from other functions' texts is read where they are made.
            node, items = b.val.node, b.val.items
            texts = [b.val] if items is None else []
            if isinstance(node, (cst.List, cst.Tuple)) and len(node.elements) == len(items or ()):
                texts = [i for i in items or () if not i.spread]
            out += [
                replace(b, val=v, final=True, text_first=True)
                for v in texts
                if v.parts is not None and static_text(v.parts)
            ]
        return out

    @cached_property
    def wrapped_messages(self) -> list[Block]:
        """Messages handed to the project's own client wrapper as the only user turn."""
        sinks = set(self.config.prompt_sinks)
        min_chars = self.config.one_shot_tokens() * CHARS_PER_TOKEN
        return list(wrapped_messages(self.index, self.evaluator, sinks, min_chars))

    @cached_property
    def wrapped_systems(self) -> list[Block]:
        """System text handed to the project's own client wrapper, the history after it."""
        sinks = set(self.config.prompt_sinks)
        return list(wrapped_systems(self.index, self.evaluator, sinks))

    @cached_property
    def returned_one_shots(self) -> list[Block]:
        """The user message of a one-shot request a function returns as a message list."""
        return list(returned_one_shots(self.index, self.evaluator))

    @cached_property
    def _agent_inputs(self) -> set[tuple[int, str]]:
        """(scope, name) of the texts passed as the input of an agent's run
        (`agent.run(text)`, `agent.print_response(text)`) where the agent is built here
        with its own instructions (`Agent(instructions=...)`, `system_prompt=`)."""
        out: set[tuple[int, str]] = set()
        for site in self.index.calls:
            call = site.node
            assert isinstance(call, cst.Call)
            func = call.func
            if not isinstance(func, cst.Attribute) or func.attr.value not in AGENT_RUNS:
                continue
            text = next((a.value for a in call.args if a.keyword is None and not a.star), None)
            if text is None:
                text = next(
                    (a.value for a in call.args if a.keyword and a.keyword.value in AGENT_INPUTS),
                    None,
                )
            if not isinstance(text, cst.Name) or not names_prompt_part(text.value):
                continue  # only prompt texts by name are read as one-shot templates
            agent = self.evaluator.eval(func.value, site.scope, site.at)
            if agent.fields is not None and INSTRUCTED.intersection(agent.fields):
                out.add((id(site.scope), text.value))
        return out

    def order(self, node: cst.CSTNode) -> int:
        return self.index.ordinal.get(id(node), 0)

    def uses(self, *kinds: str) -> Iterable[PrefixUse]:
        return (u for u in self.prefix_uses if u.taint.kind in kinds)

    def report(
        self,
        rule: type[Rule],
        node: cst.CSTNode,
        message: str,
        fix: PendingFix | None = None,
        origin: cst.CSTNode | None = None,
    ) -> None:
        self.reports.append(Report(rule, node, message, fix, origin))

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)


class PythonRule(Rule):
    """A rule over the analysed module; `check` calls `ctx.report(...)`."""

    LANGUAGE = "python"

    def check(self, ctx: PythonContext) -> None:
        raise NotImplementedError


class PythonFrontend:
    name = "python"
    example_path = "example.py"

    def __init__(self) -> None:
        self.project: Project | None = None  # set by `prepare` for a run over a tree
        self._volatile: dict[str, str] = {}

    def prepare(
        self,
        files: Sequence[tuple[Path, str]],
        more: Callable[[], Iterable[tuple[Path, str]]] | None = None,
    ) -> None:
        """The index pass: module names of every file, so values follow imports (`more`:
        the rest of the project, listed when first needed). Nothing is parsed here; forked
        workers inherit it. No files: the run is over."""
        self.project = Project(files, more, reader=self._reader) if files else None

    def _reader(self, index: ModuleIndex, project: Project, module_name: str) -> Evaluator:
        return Evaluator(index, self._volatile, project=project, module_name=module_name)

    def check_text(
        self, path: str, text: str, rules: Sequence[type[Rule]], config: CheckConfig
    ) -> FrontendResult:
        # Long `a + b + c ...` chains nest deeply; the analysis recurses over them.
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, DEEP_RECURSION))
        try:
            return self._check_text(path, text, rules, config)
        finally:
            sys.setrecursionlimit(limit)

    def _check_text(
        self, path: str, text: str, rules: Sequence[type[Rule]], config: CheckConfig
    ) -> FrontendResult:
        result = FrontendResult()
        if not rules:
            return result
        if not (LLM_HINTS.search(text) or _mentions_sink(text, config)):
            # Nothing to analyse, but a file that does not parse is still reported.
            # CPython's own parser is far cheaper than libcst's; libcst has the last word,
            # since it knows newer grammar than the running interpreter may.
            try:
                ast.parse(text, path)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                pass
            else:
                return result
        project = self.project
        # A file another file's values were followed into is already parsed and indexed.
        reused = project.parsed(path, text) if project is not None else None
        if reused is not None:
            module, index = reused
        else:
            try:
                module = parse_module(text)
            except cst.ParserSyntaxError as exc:
                result.errors.append(
                    FileError(
                        path, f"syntax error: {exc.message}", exc.raw_line, exc.raw_column + 1
                    )
                )
                return result
            except (RecursionError, MemoryError) as exc:
                result.errors.append(FileError(path, f"cannot parse: {type(exc).__name__}"))
                return result
            try:
                index = build_index(module)
            except RecursionError:
                result.errors.append(FileError(path, "expression nesting too deep to analyse"))
                return result
        self._volatile = config.volatile_callables  # followed modules read them too
        evaluator = Evaluator(
            index,
            config.volatile_callables,
            project=project,
            module_name=project.module_name(path) if project is not None else None,
        )
        ctx = PythonContext(path, text, module, index, evaluator, config)
        for rule in rules:
            if isinstance(rule, type) and issubclass(rule, PythonRule):
                try:
                    rule().check(ctx)
                except RecursionError:
                    result.errors.append(
                        FileError(path, f"{rule.CODE}: expression nesting too deep")
                    )
                except Exception as exc:  # a bug in one rule must not stop the whole run
                    if os.environ.get("PROMPTLINT_DEBUG"):
                        raise
                    result.errors.append(
                        FileError(
                            path, f"internal error in {rule.CODE}: {type(exc).__name__}: {exc}"
                        )
                    )
        if ctx.reports:
            spans = _spans(ctx, project)
            result.findings.extend(_findings(ctx, spans))
            if project is not None:
                result.findings.extend(_foreign_findings(ctx, project, spans))
        return result


def _spans(ctx: PythonContext, project: Project | None) -> dict[int, tuple[int, int]]:
    """Where the reported nodes and their fixes' nodes are in this file (located once:
    the reports not found here are looked for in the modules they were followed into).
    A node of a module the analysis followed into is not looked for here: its code may
    occur in this file's text too (the same call, a comment quoting it)."""
    wanted = [r.node for r in ctx.reports]
    wanted += [r.fix.node for r in ctx.reports if r.fix and r.fix.node is not None]
    wanted += [r.origin for r in ctx.reports if r.origin is not None]
    # (This file may be one of them, parsed once when another file followed into it.)
    followed = [f for f in project.loaded() if f.module is not ctx.module] if project else []
    mine = [n for n in wanted if not any(id(n) in f.node_ids for f in followed)]
    return locate(ctx.module, ctx.text, mine)


def _anchor(
    ctx: PythonContext, rep: Report, spans: dict[int, tuple[int, int]], starts: list[int]
) -> tuple[tuple[int, int], str]:
    """Where a finding is reported, and its message: at the place the value is made when
    that is an earlier statement of the function that places it (the line to change, and
    the line a reader looks for: `location = f"{location_data}"`, not the
    `.format(location=location)` eleven lines below), naming the place it lands. Else
    where it is placed: a value made in another function (a parameter passed on, a
    helper's argument) is placed by the code the finding points at."""
    span = spans[id(rep.node)]
    made = spans.get(id(rep.origin)) if rep.origin is not None else None
    if rep.origin is None or made is None or made[1] > span[0]:
        return span, rep.message
    # Found in this module's tree, not only its text (a snippet of another module can
    # occur here too), and in the same function.
    made_in, placed_in = path_to(ctx.module, rep.origin), path_to(ctx.module, rep.node)
    if made_in is None or placed_in is None or _function(made_in) is not _function(placed_in):
        return span, rep.message
    if not _bound_once(ctx, made_in):
        return span, rep.message
    line, _ = _line_col(starts, span[0])
    return made, f"{rep.message} (placed into the prompt at line {line})"


def _function(path: list[cst.CSTNode]) -> cst.FunctionDef | None:
    """The innermost function on a path from the module (None: module level)."""
    return next((n for n in reversed(path) if isinstance(n, cst.FunctionDef)), None)


def _bound_once(ctx: PythonContext, path: list[cst.CSTNode]) -> bool:
    """Whether the node at the end of `path` is in the value of an assignment to names bound
    nowhere else in the function: then that statement is where the value is made. Not
    when a branch binds the name too (`task = f"{parent} - {q}"` / `else: task = q`: no
    one line makes it), nor for an alias (`task = question`: made by the caller)."""
    stmt = next((n for n in reversed(path) if isinstance(n, (cst.Assign, cst.AnnAssign))), None)
    if stmt is None or stmt.value is None or isinstance(stmt.value, cst.Name):
        return False
    function = _function(path)
    scope = (
        ctx.index.scope_of_function.get(id(function))
        if function is not None
        else ctx.index.module_scope
    )
    if scope is None:
        return False
    targets = [t.target for t in stmt.targets] if isinstance(stmt, cst.Assign) else [stmt.target]
    for target in targets:
        key = key_of(target, scope)
        if key is None:
            return False
        binds = [
            e
            for e in scope.events.get(key, ())
            if e.kind in ("assign", "iter", "unpack") and not is_literal(e.value)
        ]
        if len(binds) != 1:
            return False
    return True


def _findings(ctx: PythonContext, spans: dict[int, tuple[int, int]]) -> list[Finding]:
    starts = _line_starts(ctx.text)
    out: list[Finding] = []
    seen: set[tuple[str, int]] = set()
    for rep in ctx.reports:
        if id(rep.node) not in spans:
            continue
        span, message = _anchor(ctx, rep, spans, starts)
        key = (rep.rule.CODE, span[0])
        if key in seen:
            continue
        seen.add(key)
        fix = None
        # A rule offers fixes only if one of its INVALID examples shows the result.
        if rep.fix is not None and rep.rule.AUTOFIX:
            if rep.fix.start is not None and rep.fix.end is not None:
                fspan: tuple[int, int] | None = (rep.fix.start, rep.fix.end)
            else:
                fspan = spans.get(id(rep.fix.node))
            if fspan is not None:
                fix = Fix(
                    rep.fix.description, rep.fix.safety, fspan[0], fspan[1], rep.fix.replacement
                )
        line, col = _line_col(starts, span[0])
        end_line, end_col = _line_col(starts, span[1])
        out.append(rep.rule.finding(ctx.path, line, col, end_line, end_col, message, fix))
    return out


# An agent's run with one input text, and the keywords that input goes by.
AGENT_RUNS = frozenset(
    {"run", "arun", "run_sync", "print_response", "aprint_response", "invoke", "ainvoke"}
)
AGENT_INPUTS = frozenset({"input", "message", "prompt", "task"})
# What an agent is built with that becomes its system prompt.
INSTRUCTED = frozenset(
    {"instructions", "instruction", "system_prompt", "system_message", "system", "description"}
)


# Expressions that build a sequence in the order they iterate (`[spec[n] for n in usable]`,
# `tools = []` then `.append()` in a loop): a set iterated there has its order fixed in what
# they hold.
_ORDERED_BUILDS = (cst.ListComp, cst.GeneratorExp, cst.DictComp, cst.List)


def _grown_list(node: cst.CSTNode | None) -> bool:
    """`self._tools.append(tool)`: what a list the module did not make holds once it is
    grown (the evaluator keeps the growing call as the node of such a value)."""
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in LIST_GROWING
    )


def _unset(val: Val, listing_kept: bool = False) -> Val:
    """A set held as it is (not yet text or a list) has no order yet: it counts where it
    is iterated, not where a prompt-named variable or function holds it. An MCP tool
    listing kept on the object (`self._tools = (await session.list_tools()).tools`) or
    returned (`listing_kept`) is iterated in other modules, as the tools: it counts at the
    `list_tools()` call."""
    text_or_list = (
        val.parts is not None
        or val.items is not None
        or isinstance(val.node, _ORDERED_BUILDS)
        or _grown_list(val.node)
    )
    own = frozenset(
        t
        for t in val.own
        if (t.node is not val.node or (listing_kept and t.detail == MCP_LISTING))
        and (text_or_list or not t.detail.startswith(("set ", "frozenset ")))
    )
    # The sets a table or a list holds as they are (`{"check": frozenset({...})}`) too.
    return _held_sets_unset(replace(val, own=own), top=True)


def _held_sets_unset(val: Val, top: bool = False) -> Val:
    """What `_unset` does to a set held as it is, inside a table or a list (`top`: the
    value itself is done already)."""
    own = val.own
    if not top and val.parts is None and val.items is None:
        own = frozenset(
            t
            for t in own
            if not (t.node is val.node and t.detail.startswith(("set ", "frozenset ")))
        )
    fields = val.fields
    if fields is not None:
        fields = {k: _held_sets_unset(f) for k, f in fields.items()}
    items = val.items
    if items is not None:
        items = tuple(_held_sets_unset(i) for i in items)
    return replace(val, own=own, fields=fields, items=items)


# Decorators that make a function a web route (`@app.get("/tools")`, `@router.post`,
# `@bp.route`): what it returns goes to an HTTP client, not to a model.
WEB_ROUTES = frozenset({"get", "post", "put", "patch", "delete", "route", "api_route", "websocket"})


def _web_route(node: cst.CSTNode) -> bool:
    if not isinstance(node, cst.FunctionDef):
        return False
    for d in node.decorators:
        dec = d.decorator
        if (
            isinstance(dec, cst.Call)
            and isinstance(dec.func, cst.Attribute)
            and dec.func.attr.value in WEB_ROUTES
            and dec.args
            and isinstance(dec.args[0].value, (cst.SimpleString, cst.FormattedString))
        ):
            return True
    return False


def _foreign_findings(
    ctx: PythonContext, project: Project, here: dict[int, tuple[int, int]]
) -> list[Finding]:
    """Reports whose node is in another module (a clock in a helper this file calls):
    found in that module's file, at the line where the value is made. `here`: the nodes
    located in this file."""
    pending = [r for r in ctx.reports if id(r.node) not in here]
    out: list[Finding] = []
    seen: set[tuple[str, str, int]] = set()  # one per file, code and line, as in _findings
    for foreign in project.loaded():
        if not pending or foreign.shown == ctx.path:
            continue
        held = [r.node for r in pending if id(r.node) in foreign.node_ids]
        spans = locate(foreign.module, foreign.text, held) if held else {}
        if not spans:
            continue
        starts = _line_starts(foreign.text)
        suppressions = parse_suppressions(foreign.text)
        for rep in pending:
            span = spans.get(id(rep.node))
            if span is None:
                continue
            line, col = _line_col(starts, span[0])
            end_line, end_col = _line_col(starts, span[1])
            finding = rep.rule.finding(foreign.shown, line, col, end_line, end_col, rep.message)
            key = (foreign.shown, rep.rule.CODE, line)
            if key not in seen and not suppressions.suppresses(finding):
                seen.add(key)
                out.append(finding)
    return out


def _mentions_sink(text: str, config: CheckConfig) -> bool:
    return any(sink.rsplit(".", 1)[-1] in text for sink in config.prompt_sinks)


def _line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in re.finditer("\n", text))]


def _line_col(starts: list[int], offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset."""
    line = bisect.bisect_right(starts, offset)
    return line, offset - starts[line - 1] + 1


FRONTEND = PythonFrontend()
