import libcst as cst

from promptlint.check.rule import Invalid, Valid
from promptlint.findings import Severity
from promptlint.python.catalogue import HISTORY_NAMES, WINDOW_CALLS
from promptlint.python.frontend import PythonContext, PythonRule
from promptlint.python.index import Event, dotted, string_value
from promptlint.python.values import WINDOW


class HistoryWindow(PythonRule):
    """
    ## What it does
    Checks for conversation histories cut to a sliding window that drops the oldest turns
    on every request: `history[-N:]`, `messages[len(messages) - N:]`, `history.pop(0)`,
    `del history[0]`, `history.remove(msg)` (not the system message moved out to `system=`,
    nor `[history.pop(0)]` kept in a rebuilt list, nor the empty messages a loop over the
    history filters out the same way every time), a loop that takes the newest messages
    that fit a token budget (`for m in reversed(history): ... if tokens > budget: break`;
    the earliest ones, in order, keep the prefix), token-budget trimming (`tokentrim.trim`,
    LiteLLM's and LangChain's `trim_messages`), when the result is sent as messages or
    stored back as the history. Only message lists count: `del schema["title"]` or a window
    over tools is not a history. A one-off compaction (summarise, then keep appending) is
    not a window.

    ## Why is this bad?
    The prefix cache needs every earlier message unchanged. Dropping the oldest turn shifts
    everything after the system prompt, so each request rewrites the whole conversation
    into the cache at full price (or more: Anthropic cache writes cost 1.25×–2×).

    ## Example
    ```python
    messages = [SYSTEM, *history[-20:], {"role": "user", "content": q}]
    ```

    ## Use instead
    Keep the history whole until it must shrink, then cut a large chunk at once (or
    summarise) so that many following requests share the new prefix:
    ```python
    if len(history) > 60:
        history = history[-20:]   # one rewrite every 40 turns, not every turn
    ```

    ## Fix safety
    No automatic fix: how to bound the context is a product decision.
    """

    CODE = "PL301"
    NAME = "history-rewrite"
    SEVERITY = Severity.WARNING
    MESSAGE = "a sliding history window shifts the prefix on every request"

    VALID = [
        Valid(
            """
            from copy import deepcopy

            def format_messages_for_anthropic(raw_messages, system_prompt=""):
                messages = deepcopy(raw_messages)
                for message in messages:
                    if message.role == "system":
                        system_prompt += message.content
                        messages.remove(message)  # moved into `system=`, not dropped
                return messages, [{"type": "text", "text": system_prompt}]
            """
        ),
        Valid(
            """
            def merge_consecutive(messages):
                system_parts = [messages.pop(0).content]  # moved into `system=`
                merged = []
                while messages:
                    message = messages.pop(0)
                    if merged and merged[-1].role == message.role:
                        merged[-1].content += message.content
                    else:
                        merged.append(message)  # every message is kept
                return system_parts, merged
            """
        ),
        Valid(
            """
            def keep_earliest(messages, keep_token, count_tokens):
                kept, used = [], 0
                for msg in messages:  # the earliest ones: the kept prefix does not move
                    if used + count_tokens([msg]) > keep_token:
                        break
                    kept.append(msg)
                    used += count_tokens([msg])
                return kept
            """
        ),
        Valid(
            """
            def drop_empty(messages):
                for message in reversed(messages):
                    if not message.content:  # the same messages go on every request
                        messages.remove(message)
                return messages
            """
        ),
        Valid(
            """
            def compress(original_messages, summary, keep):
                primary_task = [original_messages.pop(0)]  # kept: a one-off compaction
                recent = original_messages[keep:]
                return primary_task + [summary] + recent
            """
        ),
        Valid(
            """
            import anthropic
            client = anthropic.Anthropic()

            def ask_structured(messages, output_format):
                schema = output_format.model_json_schema()
                if "title" in schema:
                    del schema["title"]  # a key of a schema, not a turn of the history
                tool = {"name": "answer", "input_schema": schema}
                return client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=500, tools=[tool], messages=messages
                )
            """
        ),
        Valid(
            """
            from openai import OpenAI
            client = OpenAI()
            SYSTEM = {"role": "system", "content": "You are helpful."}

            def ask(history, q):
                last = history[-1]
                recent_titles = [m["content"][:20] for m in history[-3:]]
                print(recent_titles, last)
                return client.chat.completions.create(
                    model="gpt-4o", messages=[SYSTEM, *history, {"role": "user", "content": q}]
                )
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            def limit_log(log, model, len_tokens):
                system = [m for m in log if m.role == "system"][:1]
                budget = model.context - len_tokens(system, model.model)
                msgs = []
                for msg in reversed(log[1:]):
                    msgs.append(msg)
                    if len_tokens(msgs, model.model) > budget:
                        break
                return system + list(reversed(msgs))
            """,
            line=5,
            column=5,
            message_contains="newest messages that fit a token budget",
        ),
        Invalid(
            """
            def truncate_messages(messages, max_prompt_size, count_tokens):
                while messages and count_tokens(messages) > max_prompt_size:
                    dropped_message = messages.pop(0)
                    if dropped_message.get("tool_calls") and messages:
                        messages.pop(0)  # its tool result goes too
                return messages
            """,
            line=3,
            column=27,
            message_contains="drops the oldest turn",
        ),
        Invalid(
            """
            import tokentrim as tt
            import litellm

            def respond(messages, system_message, context_window):
                messages = tt.trim(messages, system_message=system_message, max_tokens=context_window)
                return litellm.completion(model="gpt-4o", messages=messages)
            """,
            line=5,
            column=16,
            message_contains="tokentrim.trim()",
        ),
        Invalid(
            """
            from openai import OpenAI
            client = OpenAI()
            SYSTEM = {"role": "system", "content": "You are helpful."}

            def ask(history, q):
                return client.chat.completions.create(
                    model="gpt-4o",
                    messages=[SYSTEM, *history[-20:], {"role": "user", "content": q}],
                )
            """,
            line=8,
            column=28,
        ),
        Invalid(
            """
            class Chat:
                def __init__(self):
                    self.history = []

                def add(self, text):
                    self.history.append({"role": "user", "content": text})
                    self.history = self.history[-30:]
            """,
            line=7,
            column=24,
        ),
    ]

    def check(self, ctx: PythonContext) -> None:
        if "reversed(" in ctx.text and "token" in ctx.text:
            loops = _BudgetLoops()
            ctx.module.visit(loops)
            for loop in loops.loops:
                ctx.report(
                    type(self),
                    loop,
                    "this loop keeps the newest messages that fit a token budget: run on "
                    "every request, it drops the oldest kept turn each time the history "
                    "grows past the budget, and every later message shifts; trim rarely and "
                    "in large steps, or summarise",
                )
        for use in ctx.uses(WINDOW):
            if use.block.section != "messages":
                continue  # a window over tools or a schema is no conversation history
            ctx.report(
                type(self),
                use.taint.node,
                f"{use.taint.detail} drops the oldest turns of {use.where}: every message "
                "after the system prompt shifts, so the conversation is re-written to the "
                "cache on each request; trim rarely and in large steps, or summarise",
            )
        # A history trimmed in place (stored back), wherever it is sent later.
        for site in ctx.index.slices:
            node = site.node
            assert isinstance(node, cst.Subscript)
            name = ctx.code(node.value).strip().lower()
            if not _names_history(name):
                continue
            val = ctx.evaluator.eval(node, site.scope, site.at)
            if not any(t.kind == WINDOW and t.node is node for t in val.own):
                continue
            if _stored_back(ctx, node):
                ctx.report(
                    type(self),
                    node,
                    f"`{ctx.code(node).strip()}` keeps only the newest turns of the history: "
                    "each trim shifts every later message and rewrites the cached prefix",
                )

        # history.pop(0) / del history[0] / deque.popleft(): the oldest turn goes.
        kept: set[int] | None = None
        for _scope, key, events in ctx.events:
            if not _names_history(key):
                continue
            for ev in events:
                if _trims(ctx, ev):
                    assert isinstance(ev.value, cst.Call)
                    ctx.report(
                        type(self),
                        ev.value,
                        f"`{key}` is cut to a budget by {WINDOW_CALLS[ctx.evaluator.qualname(ev.value.func) or '']} "
                        "on every request once it is long enough: the oldest turns go, every later "
                        "message shifts and the cached prefix is rewritten; trim rarely and in "
                        "large steps, or summarise",
                    )
                    continue
                if _drops_oldest(ev):
                    if kept is None:
                        finder = _KeptCalls()
                        ctx.module.visit(finder)
                        kept = finder.kept
                    if id(ev.node) in kept:
                        continue
                    ctx.report(
                        type(self),
                        ev.node,
                        f"`{ctx.code(ev.node).strip()}` drops the oldest turn of `{key}`: every "
                        "later message shifts and the cached prefix is rewritten",
                    )


def _trims(ctx: PythonContext, ev: Event) -> bool:
    """`messages = tokentrim.trim(messages, ...)`: a budget window stored as the history."""
    value = ev.value
    return (
        ev.kind == "assign"
        and isinstance(value, cst.Call)
        and ctx.evaluator.qualname(value.func) in WINDOW_CALLS
    )


def _drops_oldest(ev: Event) -> bool:
    if ev.kind == "del":
        target = ev.value
        if isinstance(target, cst.Subscript) and target.slice:
            sl = target.slice[0].slice
            return (
                isinstance(sl, cst.Index)
                and isinstance(sl.value, cst.Integer)
                and sl.value.value == "0"
            )
        return False
    if ev.kind == "call" and isinstance(ev.node, cst.Call):
        if ev.method in ("popleft", "remove"):
            return True  # `.remove(msg)` drops an earlier turn from the middle
        args = ev.node.args
        return (
            ev.method == "pop"
            and len(args) == 1
            and isinstance(args[0].value, cst.Integer)
            and args[0].value.value == "0"
        )
    return False


class _KeptCalls(cst.CSTVisitor):
    """Calls whose dropped message is kept or filtered, not a window: put into a rebuilt
    list (`primary_task = [messages.pop(0)]`: a compaction), run under a test for the system
    role (`if message.role == "system": ... messages.remove(message)` takes the system
    message out of the list to send it as `system=`), or removing the loop's own message
    (`for m in messages: if not m.content: messages.remove(m)`: the same messages are
    dropped on every request, so what is sent does not shift)."""

    def __init__(self) -> None:
        self.kept: set[int] = set()
        self._system_tests = 0
        self._loop_names: list[set[str]] = []
        self._popped_into: dict[str, int] = {}  # name -> the pop call it was assigned from

    def visit_If(self, node: cst.If) -> None:
        if _tests_system_role(node.test):
            self._system_tests += 1

    def leave_If(self, node: cst.If) -> None:
        if _tests_system_role(node.test):
            self._system_tests -= 1

    def visit_For(self, node: cst.For) -> None:
        # Only a loop over the whole list: `for m in image_messages[:-2]: messages.remove(m)`
        # is a window over it.
        listed = _whole_list(node.iter)
        names = {f"{listed}:{n.value}" for n in _target_names(node.target)} if listed else set()
        self._loop_names.append(names)

    def leave_For(self, node: cst.For) -> None:
        self._loop_names.pop()

    def visit_Call(self, node: cst.Call) -> None:
        if self._system_tests:
            self.kept.add(id(node))
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "remove"
            and len(node.args) == 1
            and isinstance(node.args[0].value, cst.Name)
            and any(
                f"{dotted(func.value)}:{node.args[0].value.value}" in names
                for names in self._loop_names
            )
        ):
            self.kept.add(id(node))
        if isinstance(func, cst.Attribute) and func.attr.value in _MOVES:
            for arg in node.args:
                self._moved(arg.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        call = _popped(node.value)
        if call is not None and len(node.targets) == 1:
            target = node.targets[0].target
            if isinstance(target, cst.Name):
                self._popped_into[target.value] = id(call)

    def visit_List(self, node: cst.List) -> None:
        for el in node.elements:
            self._moved(el.value)

    def visit_Tuple(self, node: cst.Tuple) -> None:
        for el in node.elements:
            self._moved(el.value)

    def _moved(self, value: cst.BaseExpression) -> None:
        """`value` goes into another list: the message popped for it is kept."""
        call = _popped(value)
        if call is not None:
            self.kept.add(id(call))
        base = value
        while isinstance(base, (cst.Attribute, cst.Subscript)):
            base = base.value
        if isinstance(base, cst.Name) and base.value in self._popped_into:
            self.kept.add(self._popped_into[base.value])


_MOVES = frozenset({"append", "extend", "insert", "appendleft"})


def _popped(value: cst.BaseExpression) -> cst.Call | None:
    """The `x.pop(...)` call `value` reads (`messages.pop(0)`, `messages.pop(0).content`)."""
    while isinstance(value, (cst.Attribute, cst.Subscript)):
        value = value.value
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value in ("pop", "popleft")
    ):
        return value
    return None


class _BudgetLoops(cst.CSTVisitor):
    """`for m in reversed(history): ... if count_tokens(kept) > budget: break`: the newest
    messages that fit a token budget, taken again on every request."""

    def __init__(self) -> None:
        self.loops: list[cst.For] = []

    def visit_For(self, node: cst.For) -> None:
        if not _newest_first(node.iter):
            return
        finder = _BreakOnTokens()
        node.body.visit(finder)
        if finder.breaks and finder.token_test:
            self.loops.append(node)


class _BreakOnTokens(cst.CSTVisitor):
    def __init__(self) -> None:
        self.breaks = False
        self.token_test = False

    def visit_Break(self, node: cst.Break) -> None:
        self.breaks = True

    def visit_If(self, node: cst.If) -> None:
        if any(
            isinstance(n, cst.Name) and "token" in n.value.lower() for n in _names_in(node.test)
        ):
            self.token_test = True

    def visit_For(self, node: cst.For) -> bool:
        return False  # a `break` of an inner loop ends that loop only


def _names_in(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []

    class _Names(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            found.append(name)

        def visit_Attribute(self, attr: cst.Attribute) -> None:
            found.append(attr.attr)

    node.visit(_Names())
    return found


def _newest_first(iterable: cst.BaseExpression) -> bool:
    """`reversed(history)`, `enumerate(reversed(history))`, `history[::-1]`."""
    if isinstance(iterable, cst.Call) and dotted(iterable.func) == "enumerate" and iterable.args:
        iterable = iterable.args[0].value
    if isinstance(iterable, cst.Call) and dotted(iterable.func) == "reversed":
        return True
    if isinstance(iterable, cst.Subscript) and iterable.slice:
        sl = iterable.slice[0].slice
        return (
            isinstance(sl, cst.Slice)
            and isinstance(sl.step, cst.UnaryOperation)
            and isinstance(sl.step.operator, cst.Minus)
        )
    return False


def _names_history(name: str) -> bool:
    """`history`, `chat_history`, `self.recent_dialog_messages`: the last word says it holds
    turns (`conversation_commands`, `history_images` hold commands and images)."""
    last = name.split(".")[-1].lower()
    return any(last.endswith(h) for h in HISTORY_NAMES)


def _whole_list(iterable: cst.BaseExpression) -> str | None:
    """`messages`, `reversed(messages)`, `list(messages)`: the name of the list walked."""
    if (
        isinstance(iterable, cst.Call)
        and dotted(iterable.func) in ("reversed", "list", "tuple")
        and len(iterable.args) == 1
    ):
        iterable = iterable.args[0].value
    return dotted(iterable)


def _target_names(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for el in target.elements for n in _target_names(el.value)]
    return []


def _tests_system_role(test: cst.BaseExpression) -> bool:
    """`message.role == "system"`, `m["role"] == "system"`."""
    if not isinstance(test, cst.Comparison):
        return False
    parts = [test.left, *(c.comparator for c in test.comparisons)]
    literals = {string_value(p) for p in parts if isinstance(p, cst.SimpleString)}
    mentions_role = any("role" in (dotted(p) or "") or _subscripts_role(p) for p in parts)
    return "system" in literals and mentions_role


def _subscripts_role(expr: cst.BaseExpression) -> bool:
    if not isinstance(expr, cst.Subscript) or not expr.slice:
        return False
    index = expr.slice[0].slice
    return (
        isinstance(index, cst.Index)
        and isinstance(index.value, cst.SimpleString)
        and string_value(index.value) == "role"
    )


def _stored_back(ctx: PythonContext, node: cst.Subscript) -> bool:
    target = ctx.code(node.value).strip()
    for _scope, _key, events in ctx.events:
        for ev in events:
            if ev.kind == "assign" and ev.value is node:
                stmt = ev.node
                if isinstance(stmt, cst.Assign) and any(
                    ctx.code(t.target).strip() == target for t in stmt.targets
                ):
                    return True
    return False
