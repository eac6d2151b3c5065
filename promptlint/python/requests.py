"""Recognise where prompts are sent and split each request into prefix and the rest.

A request is a list of *blocks* in the order the provider builds its prefix (tools, then
system / instructions, then messages). The cacheable prefix is every block before the
final turn, or, when `cache_control` breakpoints are present, every block up to the
last one. `metadata`, `user`, headers, sampling parameters and `prompt_cache_key` are
never part of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

import libcst as cst

from promptlint.python.catalogue import (
    COMPLETION_CALL_WORDS,
    HISTORY_NAMES,
    SDK_WRAPPERS,
    name_words,
    names_prompt_part,
)
from promptlint.python.destination import Destination, destination
from promptlint.python.flow import BREAKPOINT, STRUCTURAL, Evaluator
from promptlint.python.index import (
    ModuleIndex,
    Scope,
    Site,
    child_nodes,
    dotted,
    keyword_value,
    string_value,
)
from promptlint.python.values import CALLER, Dyn, Taint, Val, static_text

LANGCHAIN_CALLS = {"invoke", "ainvoke", "stream", "astream", "batch", "abatch"}


@dataclass
class Block:
    val: Val
    label: str  # where in the request: "system", "tools[0]", "messages[2]"
    section: str  # tools | system | messages | prompt
    final: bool = False  # in the final turn: not part of the prefix
    text_first: bool = False  # system text or the first message (PL104 looks here)
    prefix: bool = False  # decided by `classify`
    # a system message built on its own, that the conversation history follows
    before_history: bool = False


@dataclass
class Request:
    api: str  # openai-chat | openai-responses | openai-completions | anthropic-messages | ...
    node: cst.CSTNode
    blocks: list[Block] = field(default_factory=list)
    breakpoints: list[tuple[Taint, Block]] = field(default_factory=list)
    auto_breakpoint: bool = False  # Anthropic top-level cache_control
    destination: Destination | None = None  # where it goes, when the code says
    # every message is a dict written out in the call: no history follows the system text,
    # so the request is sent once per input (`written_out`)
    written_out: bool = False


def api_of(call: cst.Call, ev: Evaluator, sinks: set[str]) -> str | None:
    chain = dotted(call.func)
    qname = ev.qualname(call.func) or ""
    if qname in sinks or (chain is not None and chain in sinks):
        return "custom"
    if qname in ("litellm.completion", "litellm.acompletion"):
        return "litellm"
    if qname == "litellm.text_completion":
        return "openai-completions"
    if chain is None and not isinstance(call.func, cst.Attribute):
        return None
    names = _attr_chain(call.func)
    names = [n for n in names if n not in SDK_WRAPPERS]
    kw = {a.keyword.value for a in call.args if a.keyword is not None}
    star = any(a.star == "**" for a in call.args)
    tail = names[-3:]
    last = names[-1] if names else ""
    if (
        len(names) >= 3
        and tail[-3:-1] == ["chat", "completions"]
        and last in ("create", "parse", "stream")
    ):
        return "openai-chat" if ("messages" in kw or star) else None
    if len(names) >= 2 and names[-2] == "responses" and last in ("create", "parse", "stream"):
        return "openai-responses" if (kw & {"input", "instructions"} or star) else None
    if len(names) >= 2 and names[-2] == "completions" and last == "create":
        return "openai-completions" if ("prompt" in kw or star) else None
    if len(names) >= 2 and names[-2] == "messages" and last in ("create", "stream"):
        # Twilio and friends have messages.create too: require the Anthropic shape.
        return "anthropic-messages" if (kw & {"messages", "system"} or star) else None
    if last in ("generate_content", "generate_content_stream"):
        return "genai"
    if last in ("completion", "acompletion") and names[:1] == ["litellm"]:
        return "litellm"
    if last in LANGCHAIN_CALLS and isinstance(call.func, cst.Attribute):
        return "langchain"
    return None


def _attr_chain(expr: cst.BaseExpression) -> list[str]:
    names: list[str] = []
    while True:
        if isinstance(expr, cst.Attribute):
            names.append(expr.attr.value)
            expr = expr.value
        elif isinstance(expr, cst.Call):
            expr = expr.func
        elif isinstance(expr, cst.Name):
            names.append(expr.value)
            break
        else:
            break
    return list(reversed(names))


def _kwargs(call: cst.Call, ev: Evaluator, site: Site) -> dict[str, Val]:
    out: dict[str, Val] = {}
    for a in call.args:
        if a.keyword is not None:
            out[a.keyword.value] = ev.eval(a.value, site.scope, site.at)
        elif a.star == "**":
            v = ev.eval(a.value, site.scope, site.at)
            if v.fields is not None:
                out.update(v.fields)
    return out


def _written_out(call: cst.Call) -> bool:
    """`messages=[{"role": "system", ...}, {"role": "user", ...}]`: the list is a literal of
    message dicts in the call itself, so nothing appended to it before is sent again."""
    listed = keyword_value(call, "messages")
    return (
        isinstance(listed, cst.List)
        and bool(listed.elements)
        and all(
            isinstance(el, cst.Element) and isinstance(el.value, cst.Dict) for el in listed.elements
        )
    )


def _positional(call: cst.Call, ev: Evaluator, site: Site) -> list[Val]:
    return [
        ev.eval(a.value, site.scope, site.at) for a in call.args if a.keyword is None and not a.star
    ]


def _list_blocks(val: Val, label: str, section: str) -> Iterator[Block]:
    if val.items is None:
        yield Block(val, label, section)
        return
    for i, item in enumerate(val.items):
        yield Block(item, f"{label}[{i}]" if not item.spread else f"{label} (unpacked)", section)


def _message_blocks(messages: Val, label: str, first_is_text: bool = True) -> list[Block]:
    """Messages in order; the last user message (and any prefill after it) is the final turn."""
    if messages.items is None:
        # Unknown structure: only its structural taints (window, order) are judged.
        return [
            Block(messages, label, "messages", final=True),
            Block(_structural_only(messages), label, "messages"),
        ]
    out: list[Block] = []
    items = messages.items
    # The final turn starts at the last user message: an assistant prefill after it
    # ({"role": "assistant", "content": "{"}) does not make the question history.
    start = len(items) - 1
    for i in range(len(items) - 1, -1, -1):
        if items[i].role == "user" or items[i].kind == "lc-human":
            start = i
            break
        if items[i].role != "assistant" and items[i].kind != "lc-ai":
            break
    for i, item in enumerate(items):
        final = i >= start and item.role not in ("system", "developer") and item.kind != "lc-system"
        where = f"{label}[{i}]" if not item.spread else f"{label} (unpacked history)"
        role = item.role or {"lc-system": "system", "lc-human": "user", "lc-ai": "assistant"}.get(
            item.kind or ""
        )
        if role and not item.spread:
            where = f"the {role} message {where}"
        text_first = (
            (i == 0 and first_is_text)
            or item.role in ("system", "developer")
            or item.kind == "lc-system"
        )
        if item.spread:
            out.append(Block(item, where, "messages", final=final))
            if final:
                out.append(Block(_structural_only(item), where, "messages"))
            continue
        content = item.field("content") or item.field("parts")
        if content is None:
            out.append(Block(item, where, "messages", final=final, text_first=text_first))
            continue
        if content.items is not None:
            for j, block in enumerate(content.items):
                out.append(
                    Block(
                        block,
                        f"{where}.content[{j}]",
                        "messages",
                        final=final,
                        text_first=text_first and j == 0,
                    )
                )
        else:
            out.append(Block(content, where, "messages", final=final, text_first=text_first))
        # The message's other fields come last: a message-level cache_control marker
        # then covers the content before it.
        rest = Val(
            own=item.own,
            fields={k: v for k, v in (item.fields or {}).items() if k not in ("content", "parts")},
        )
        out.append(Block(rest, where, "messages", final=final))
    if messages.own:
        out.append(Block(Val(own=messages.own), label, "messages"))
    return out


def _structural_only(val: Val) -> Val:
    return Val(own=frozenset(t for t in val.all_taints() if t.kind in STRUCTURAL))


def build_request(api: str, site: Site, ev: Evaluator) -> Request | None:
    call = site.node
    assert isinstance(call, cst.Call)
    kw = _kwargs(call, ev, site)
    req = Request(api, call, destination=destination(api, call, site, ev))
    req.written_out = api in ("openai-chat", "litellm", "anthropic-messages") and _written_out(call)
    if "tools" in kw:
        req.blocks.extend(_list_blocks(kw["tools"], "tools", "tools"))
    if "functions" in kw:
        req.blocks.extend(_list_blocks(kw["functions"], "functions", "tools"))
    for schema_key in ("response_format", "text"):
        if schema_key in kw:
            req.blocks.append(Block(kw[schema_key], schema_key, "tools"))
    if api in ("openai-chat", "litellm", "custom"):
        if "messages" in kw:
            req.blocks.extend(_message_blocks(kw["messages"], "messages"))
        if api == "custom":
            for i, v in enumerate(_positional(call, ev, site)):
                req.blocks.append(Block(v, f"argument {i + 1}", "system", text_first=True))
            for k, v in kw.items():
                if k not in ("messages", "tools"):
                    req.blocks.append(Block(v, k, "system", text_first=True))
    elif api == "anthropic-messages":
        if "system" in kw:
            sysval = kw["system"]
            if sysval.items is not None:
                for i, b in enumerate(sysval.items):
                    req.blocks.append(Block(b, f"system[{i}]", "system", text_first=True))
            else:
                req.blocks.append(Block(sysval, "system", "system", text_first=True))
        if "messages" in kw:
            req.blocks.extend(
                _message_blocks(kw["messages"], "messages", first_is_text="system" not in kw)
            )
        req.auto_breakpoint = "cache_control" in kw
    elif api == "openai-responses":
        if "instructions" in kw:
            req.blocks.append(Block(kw["instructions"], "instructions", "system", text_first=True))
        if "input" in kw:
            inp = kw["input"]
            if inp.items is None and inp.parts is not None:
                first = "instructions" not in kw
                req.blocks.append(Block(inp, "input", "messages", final=True, text_first=first))
            else:
                req.blocks.extend(
                    _message_blocks(inp, "input", first_is_text="instructions" not in kw)
                )
    elif api == "openai-completions":
        prompt = kw.get("prompt")
        if prompt is not None:
            req.blocks.append(Block(prompt, "prompt", "prompt", text_first=True))
    elif api == "genai":
        config = kw.get("config")
        for source in (config, kw.get("generation_config")):
            if source is not None and source.fields is not None:
                if "tools" in source.fields:
                    req.blocks.extend(_list_blocks(source.fields["tools"], "config.tools", "tools"))
                if "system_instruction" in source.fields:
                    req.blocks.append(
                        Block(
                            source.fields["system_instruction"],
                            "system_instruction",
                            "system",
                            text_first=True,
                        )
                    )
        contents = kw.get("contents")
        if contents is None:
            pos = _positional(call, ev, site)
            contents = pos[0] if pos else None
        if contents is not None:
            if contents.items is None:
                req.blocks.append(Block(contents, "contents", "messages", final=True))
                req.blocks.append(Block(_structural_only(contents), "contents", "messages"))
            else:
                req.blocks.extend(_message_blocks(contents, "contents"))
    elif api == "langchain":
        return _langchain_request(site, ev, req)
    return req if req.blocks else None


def _langchain_request(site: Site, ev: Evaluator, req: Request) -> Request | None:
    call = site.node
    assert isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
    pos = _positional(call, ev, site)
    if not pos:
        return None
    arg = pos[0]
    recv = ev.eval(call.func.value, site.scope, site.at)
    if recv.kind == "template" and recv.template_vars is not None and arg.fields is not None:
        for name, value in arg.fields.items():
            is_prefix = recv.template_vars.get(name)
            if is_prefix is None:
                continue
            req.blocks.append(
                Block(value, f"template variable `{name}`", "system", final=not is_prefix)
            )
        return req if req.blocks else None
    if arg.items is not None and any(_is_message(i) for i in arg.items):
        req.blocks.extend(_message_blocks(arg, "messages"))
        return req
    return None


def _is_message(v: Val) -> bool:
    if v.kind in ("message", "lc-system", "lc-human", "lc-ai", "lc-tool", "lc-chat"):
        return True
    if v.items is not None and len(v.items) == 2:
        role = v.items[0]
        return role.parts is not None and static_text(role.parts) in (
            "system",
            "human",
            "user",
            "ai",
            "assistant",
        )
    return False


def classify(req: Request, order: Callable[[cst.CSTNode], int]) -> None:
    """Mark each block prefix or not, and collect the breakpoints in prefix order."""
    seen: set[tuple[int, int]] = set()
    for block in req.blocks:
        marks = sorted(
            (t for t in block.val.all_taints() if t.kind == BREAKPOINT),
            key=lambda t: order(t.node),
        )
        for t in marks:
            key = (id(block.val), id(t.node))
            if key in seen:
                continue
            seen.add(key)
            req.breakpoints.append((t, block))
    last_marked = -1
    for i, block in enumerate(req.blocks):
        if any(b is block for _, b in req.breakpoints):
            last_marked = i
    for i, block in enumerate(req.blocks):
        if last_marked >= 0 and req.api in ("anthropic-messages", "litellm"):
            # A breakpoint on the final user turn (the documented multi-turn pattern)
            # caches that turn for the *next* request, where it is re-sent unchanged:
            # a timestamp written into it is fixed once written, so the final turn and
            # a prefill stay outside this request's prefix.
            block.prefix = i <= last_marked and not block.final
        else:
            block.prefix = not block.final


def find_requests(index: ModuleIndex, ev: Evaluator, sinks: set[str]) -> Iterator[Request]:
    for site in index.calls:
        call = site.node
        assert isinstance(call, cst.Call)
        api = api_of(call, ev, sinks)
        if api is None:
            continue
        req = build_request(api, site, ev)
        if req is not None:
            classify(req, lambda n: index.ordinal.get(id(n), 0))
            yield req


def handed_conversations(
    index: ModuleIndex, ev: Evaluator, sinks: set[str], requests: Sequence[Request]
) -> Iterator[Request]:
    """Conversations handed by `messages=`, or as the first argument, to a client the
    checker cannot follow (`await self.backend.chat_completion(messages=messages)`,
    `self.llm(messages)`, the backend an object of some class given at run time): a call
    named for asking a model (or on an object so named, `self.llm.stream(...)`), whose
    conversation is a list of chat messages built here. Only its message blocks: what else
    the client adds to the request is unknown. `requests` are the module's requests
    (`find_requests`): those the other rules read whole."""
    read = {id(r.node) for r in requests}
    for site in index.calls:
        call = site.node
        assert isinstance(call, cst.Call)
        handed = keyword_value(call, "messages")
        if handed is None and call.args and call.args[0].keyword is None and not call.args[0].star:
            handed = call.args[0].value  # `self.llm(messages)`: the conversation handed first
        if handed is None or not isinstance(call.func, (cst.Attribute, cst.Name)):
            continue
        name = call.func.attr.value if isinstance(call.func, cst.Attribute) else call.func.value
        words = set(name_words(name))
        if isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Attribute):
            words |= set(name_words(call.func.value.attr.value))  # `self.llm.stream(...)`
        if not COMPLETION_CALL_WORDS.intersection(words):
            continue
        api = api_of(call, ev, sinks)
        if api is not None and (api != "langchain" or id(call) in read):
            continue  # a request the other rules read whole (a runnable's call is only one
            # when its input is a template's values or a list of messages known one by one)
        messages = ev.eval(handed, site.scope, site.at)
        if messages.items:
            if not any(_is_chat_message(i) for i in messages.items):
                continue
        elif not _made_as_messages(handed, site, ev):
            continue
        req = Request("client wrapper", call, _message_blocks(messages, "messages"))
        classify(req, lambda n: index.ordinal.get(id(n), 0))
        yield req


def _made_as_messages(expr: cst.BaseExpression, site: Site, ev: Evaluator) -> bool:
    """`messages = [SystemMessage(...)]` or `messages = []`, then grown with `append` in a
    loop (where its items are no longer known one by one): in this function the name was
    bound to a list, and all that is written or appended to it is chat messages."""
    if not isinstance(expr, cst.Name):
        return False
    events = site.scope.events.get(expr.value, [])
    first = next((e for e in events if e.kind == "assign"), None)
    if first is None or not isinstance(first.value, cst.List):
        return False
    pieces = list(ev.eval(first.value, site.scope, first.end).items or ())
    for e in events:
        if e.kind == "call" and e.method == "append" and isinstance(e.node, cst.Call):
            if len(e.node.args) != 1:
                return False
            pieces.append(ev.eval(e.node.args[0].value, site.scope, e.end))
    return bool(pieces) and all(_is_chat_message(i) for i in pieces)


def _is_chat_message(v: Val) -> bool:
    return v.role in ("system", "developer", "user", "assistant") or _is_message(v)


def standalone_prefix_blocks(index: ModuleIndex, ev: Evaluator) -> Iterator[Block]:
    """Prefix text that is prefix wherever it goes: system messages, SystemMessage(...),
    `system_instruction=`, system tuples of a ChatPromptTemplate."""
    message_sites = [*index.dicts, *(s for s in index.calls if _is_dict_call(s.node, ev))]
    for site in message_sites:
        node = site.node
        assert isinstance(node, (cst.Dict, cst.Call))
        role = _static_role(node)
        if role in ("system", "developer"):
            val = ev.eval(node, site.scope, site.at)
            content = val.field("content")
            if content is not None:
                if content.items is not None:
                    for j, b in enumerate(content.items):
                        yield Block(
                            b,
                            f"{role} message content[{j}]",
                            "system",
                            text_first=j == 0,
                            prefix=True,
                        )
                else:
                    yield Block(content, f"{role} message", "system", text_first=True, prefix=True)
    for site in index.calls:
        call = site.node
        assert isinstance(call, cst.Call)
        qname = ev.qualname(call.func) or ""
        short = qname.split(".")[-1]
        if short in ("SystemMessage", "SystemMessagePromptTemplate"):
            content_arg = next(
                (
                    a
                    for a in call.args
                    if a.keyword is None or a.keyword.value in ("content", "template")
                ),
                None,
            )
            if content_arg is not None:
                yield Block(
                    ev.eval(content_arg.value, site.scope, site.at),
                    "SystemMessage",
                    "system",
                    text_first=True,
                    prefix=True,
                )
        setter = _system_setter_content(call)
        if setter is not None:
            # `builder.add_system_message(text)`, `agent.set_system_prompt(text)`: a method
            # named for putting the system message in place is handed its text.
            assert isinstance(call.func, cst.Attribute)
            yield Block(
                ev.eval(setter, site.scope, site.at),
                f"`{call.func.attr.value}()`",
                "system",
                text_first=True,
                prefix=True,
            )
        message = _role_call_content(call, short, site.scope)
        if message is not None:
            # `format_chat_message(role="system", message=...)`: a project's helper that
            # makes a message from a role and a text.
            yield Block(
                ev.eval(message, site.scope, site.at),
                f'{short or "call"}(role="system")',
                "system",
                text_first=True,
                prefix=True,
            )
        for a in call.args:
            if a.keyword is not None and a.keyword.value in (
                "system_instruction",
                "system_prompt",
                "system_message",
                "instructions",
            ):
                if a.keyword.value == "instructions" and not _looks_llm(call, site.scope):
                    continue
                # `Agent(instructions=fn)`: the SDK calls fn for every run.
                called = callable_value(a.value, site, ev)
                yield Block(
                    called if called is not None else ev.eval(a.value, site.scope, site.at),
                    a.keyword.value,
                    "system",
                    text_first=True,
                    prefix=True,
                )
        if (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "partial"
            and any(a.keyword is not None for a in call.args)
        ):
            yield from _partial_blocks(call, site, ev)
        if short == "from_messages" or short == "ChatPromptTemplate":
            first = next((a for a in call.args if a.keyword is None), None)
            if first is not None and isinstance(first.value, (cst.List, cst.Tuple)):
                for el in first.value.elements:
                    t = el.value
                    if isinstance(t, cst.Tuple) and len(t.elements) == 2:
                        role_node = t.elements[0].value
                        if (
                            isinstance(role_node, cst.SimpleString)
                            and string_value(role_node) == "system"
                        ):
                            val = ev.eval(t.elements[1].value, site.scope, site.at)
                            yield Block(
                                val, "system template", "system", text_first=True, prefix=True
                            )


# The verbs of a method that puts a system message in place (`add_system_message`).
_SETTER_VERBS = frozenset({"add", "set", "with", "append", "insert", "update", "use", "put"})


def _system_setter_content(call: cst.Call) -> cst.BaseExpression | None:
    """The text handed to a method named for setting the system message: a setter verb,
    then `system`, then `message` / `prompt` / `instruction(s)` (`add_system_message(text)`,
    `set_system_prompt(text)`), with the text as its only positional argument or its
    `content=` / `message=` / `text=` / `prompt=`. Not a getter (`get_system_prompt(agent)`:
    its argument is what the text describes)."""
    if not isinstance(call.func, cst.Attribute):
        return None
    words = name_words(call.func.attr.value)
    if (
        len(words) != 3
        or words[0] not in _SETTER_VERBS
        or words[1] != "system"
        or words[2] not in ("message", "prompt", "instruction", "instructions")
    ):
        return None
    positional = [a for a in call.args if a.keyword is None and not a.star]
    if len(positional) == 1:
        return positional[0].value
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    return next(
        (keywords[k] for k in ("content", "message", "text", "prompt") if k in keywords), None
    )


def _role_call_content(call: cst.Call, short: str, scope: Scope) -> cst.BaseExpression | None:
    """The text of a call that makes a system message from keywords: `role="system"` (or
    "developer") with `message=`, `content=` or `text=`; or, inside a function named for a
    prompt part (`def prompt_timeinfo()`, not a `build_messages()` that assembles a whole
    conversation), a message class or helper (`Message`, `ChatMessage`, `make_msg`) given
    the role and the text first (`Message("system", prompt)`). Elsewhere such a message is
    as often a note added once to the history (a tool's output, in a project that sends
    tool results as system messages)."""
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    named = short.lower()
    if (
        len(positional) >= 2
        and ("message" in named or "msg" in named)
        and scope.kind == "function"
        and names_prompt_part(scope.name)
        and name_words(scope.name)[-1:] != ["messages"]
    ):
        first = positional[0]
        if isinstance(first, cst.SimpleString) and string_value(first) in ("system", "developer"):
            return positional[1]
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    role = keywords.get("role")
    if not isinstance(role, cst.SimpleString) or string_value(role) not in ("system", "developer"):
        return None
    return next((keywords[k] for k in ("message", "content", "text") if k in keywords), None)


def _partial_blocks(call: cst.Call, site: Site, ev: Evaluator) -> Iterator[Block]:
    """`template.partial(now=datetime.now().isoformat())` or `.partial(date=fn)` (LangChain
    calls fn on every format): the value fills a variable of the template's prefix."""
    assert isinstance(call.func, cst.Attribute)
    recv = ev.eval(call.func.value, site.scope, site.at)
    if recv.kind != "template" or recv.template_vars is None:
        return
    for a in call.args:
        if a.keyword is None or not recv.template_vars.get(a.keyword.value):
            continue
        called = callable_value(a.value, site, ev)
        val = called if called is not None else ev.eval(a.value, site.scope, site.at)
        yield Block(val, f"template variable `{a.keyword.value}`", "system", prefix=True)


def callable_value(expr: cst.BaseExpression, site: Site, ev: Evaluator) -> Val | None:
    """What calling `expr` returns when it names a function of this module or is a lambda;
    None when it is not a known callable."""
    if isinstance(expr, cst.Lambda):
        return ev.eval(expr.body, site.scope, site.at)
    if not isinstance(expr, (cst.Name, cst.Attribute)):
        return None
    target = ev.local_function(expr, site.scope, site.at)
    if target is None:
        return None
    _fn, fscope = target
    return ev.returned(fscope)


def decorated_prompt_blocks(index: ModuleIndex, ev: Evaluator) -> Iterator[Block]:
    """Functions registered as dynamic system prompts (pydantic-ai `@agent.system_prompt`,
    `@agent.instructions`): what they return is prefix."""
    stack = [index.module_scope]
    while stack:
        scope = stack.pop()
        if scope is None:
            continue
        for fn in scope.functions.values():
            names = {_decorator_name(d.decorator) for d in fn.decorators}
            if not names & {"system_prompt", "instructions"}:
                continue
            fscope = index.scope_of_function.get(id(fn))
            if fscope is None:
                continue
            val = ev.returned(fscope)
            if val is not None:
                label = f"dynamic system prompt `{fn.name.value}()`"
                yield Block(val, label, "system", text_first=True, prefix=True)
        stack.extend(index.scope_of_function.get(id(f)) for f in scope.functions.values())
        stack.extend(scope.classes.values())


def returned_one_shots(index: ModuleIndex, ev: Evaluator) -> Iterator[Block]:
    """The user message of a request a function returns whole, as a display of system
    messages and then one user message (`return [Message(role="system", content=SYS),
    Message(role="user", content=f"...")]`): no conversation comes with it, so it is a
    one-shot request, and that user message is judged as its template."""
    for fscope in index.scope_of_function.values():
        for ret in fscope.returns:
            node = ret.value
            if not isinstance(node, (cst.List, cst.Tuple)) or len(node.elements) < 2:
                continue
            roles = [
                _static_role(el.value)
                if isinstance(el, cst.Element) and isinstance(el.value, (cst.Dict, cst.Call))
                else None
                for el in node.elements
            ]
            if roles[-1] != "user" or any(r not in ("system", "developer") for r in roles[:-1]):
                continue
            val = ev.eval(node, fscope, index.ordinal.get(id(ret), 10**9))
            last = val.items[-1] if val.items else None
            content = last.field("content") if last is not None else None
            if content is None or content.parts is None:
                continue
            yield Block(
                content,
                f"the user message `{fscope.name}()` returns",
                "messages",
                final=True,
                text_first=True,
            )


def system_builder_blocks(index: ModuleIndex, ev: Evaluator) -> Iterator[Block]:
    """Functions named for the system message they build (`get_system_message`,
    `build_system_prompt`, `format_state_for_system_message`): what they return is the
    system text of every run, and a system message is followed by the conversation."""
    for fscope in index.scope_of_function.values():
        if not _names_system_text(fscope.name) or not fscope.returns:
            continue
        val = ev.returned(fscope)
        if val is None:
            continue
        text = val.field("content") or val.field("text") or val
        if text.parts is None:
            continue  # not text we can read: a message list, an object
        yield Block(
            text,
            f"the system message `{fscope.name}()` returns",
            "system",
            text_first=True,
            prefix=True,
            before_history=True,
        )


def _names_system_text(name: str) -> bool:
    """`get_system_message`, `_build_system_prompt`, `state_for_system_message`: "system"
    followed by "message" or "prompt" (`system_prompt_tokens` is a count)."""
    words = name_words(name)
    return any(
        w == "system" and words[i + 1 : i + 2] in (["message"], ["prompt"])
        for i, w in enumerate(words)
    ) and words[-1] in ("message", "prompt", "content", "text")


def _decorator_name(expr: cst.BaseExpression) -> str | None:
    if isinstance(expr, cst.Call):
        expr = expr.func
    if isinstance(expr, cst.Attribute):
        return expr.attr.value
    return None


def _looks_llm(call: cst.Call, scope: Scope) -> bool:
    """A call whose `instructions=` is a model's system prompt: an agent built, or a
    subclass of an agent class handing its instructions to the base (`class
    TravelAgent(Agent)`, `super().__init__(instructions=...)`)."""
    names = _attr_chain(call.func)
    if names == ["super", "__init__"] and scope.class_scope is not None:
        assert isinstance(scope.class_scope.node, cst.ClassDef)
        bases = (_attr_chain(base.value)[-1:] for base in scope.class_scope.node.bases)
        return any(_names_agent(base) for base in bases)
    return bool(set(names) & _AGENT_CALLS) or _names_agent(names[-1:])


_AGENT_CALLS = frozenset({"responses", "Agent", "agents", "create_agent", "Assistant"})


def _names_agent(names: list[str]) -> bool:
    return bool(names) and (names[-1] in _AGENT_CALLS or names[-1].endswith("Agent"))


def _is_dict_call(node: cst.CSTNode, ev: Evaluator) -> bool:
    """`dict(role="system", content=...)`: a message written as a call."""
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Name)
        and node.func.value == "dict"
        and ev.qualname(node.func) == "dict"
    )


def _static_role(node: cst.Dict | cst.Call) -> str | None:
    if isinstance(node, cst.Call):
        for arg in node.args:
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword == "role" and isinstance(arg.value, cst.SimpleString):
                v = string_value(arg.value)
                return v if isinstance(v, str) else None
        return None
    for el in node.elements:
        if (
            isinstance(el, cst.DictElement)
            and isinstance(el.key, cst.SimpleString)
            and string_value(el.key) == "role"
            and isinstance(el.value, cst.SimpleString)
        ):
            v = string_value(el.value)
            return v if isinstance(v, str) else None
    return None


def _own_requests(fscope: Scope, ev: Evaluator, sinks: set[str]) -> Iterator[Request]:
    """The requests a function sends itself through a known API (not a configured sink)."""
    for site in ev.index.calls:
        if site.scope is not fscope:
            continue
        assert isinstance(site.node, cst.Call)
        api = api_of(site.node, ev, sinks)
        if api is None or api == "custom":
            continue
        req = build_request(api, site, ev)
        if req is not None:
            yield req


def _bound(call: cst.Call, fscope: Scope) -> dict[str, cst.Arg]:
    """The arguments of a call of the function of `fscope`, by the parameter each fills."""
    names = [p for p in fscope.params if p != fscope.self_name]
    return {
        (arg.keyword.value if arg.keyword else names[pos] if pos < len(names) else ""): arg
        for pos, arg in enumerate(call.args)
        if not arg.star
    }


# A function's scope -> the parameters it sends as the final user message (see below)
_MESSAGE_PARAMS: WeakKeyDictionary[Scope, frozenset[str]] = WeakKeyDictionary()
_PARAMETER = "parameter `"


def message_params(fscope: Scope, ev: Evaluator, sinks: set[str]) -> frozenset[str]:
    """The parameters a function sends, whole, as the final user message of a request it
    makes (`def ask(msg, system, history=None)` posting `{"role": "user", "content":
    msg}` last): the project's own client wrapper, whose callers write the message."""
    known = _MESSAGE_PARAMS.get(fscope)
    if known is not None:
        return known
    _MESSAGE_PARAMS[fscope] = frozenset()  # while we look (recursion)
    found: set[str] = set()
    for req in _own_requests(fscope, ev, sinks):
        for block in req.blocks:
            if not block.final or block.section != "messages":
                continue
            taints = block.val.all_taints()
            if len(taints) != 1:
                continue
            (t,) = taints
            name = t.detail[len(_PARAMETER) : -1]
            if t.kind == CALLER and t.detail.startswith(_PARAMETER) and name in fscope.params:
                found.add(name)
    _MESSAGE_PARAMS[fscope] = frozenset(found)
    return _MESSAGE_PARAMS[fscope]


# A function's scope -> the parameters it sends as the system text ahead of a conversation
_SYSTEM_PARAMS: WeakKeyDictionary[Scope, frozenset[str]] = WeakKeyDictionary()
# Keywords a caller hands system text by (`_call_model(messages, system_prompt=...)`).
_SYSTEM_WORDS = ("system", "instruction")


def system_params(fscope: Scope, ev: Evaluator, sinks: set[str]) -> frozenset[str]:
    """The parameters a function sends, whole, as the system text of a request with the
    conversation after it (`def _call_model(messages, system_prompt)` posting
    `system=[{"type": "text", "text": system_prompt}]` and the messages): the project's own
    client wrapper, whose callers write the system text."""
    known = _SYSTEM_PARAMS.get(fscope)
    if known is not None:
        return known
    _SYSTEM_PARAMS[fscope] = frozenset()  # while we look (recursion)
    by_node = {id(p): name for name, p in fscope.params.items() if name != fscope.self_name}
    found: set[str] = set()
    for req in _own_requests(fscope, ev, sinks):
        blocks = req.blocks
        for i, block in enumerate(blocks):
            if block.section != "system" and not block.label.startswith("the system message"):
                continue
            if not any(
                b.val.spread or (b.section == "messages" and b.final and b.val.items is None)
                for b in blocks[i + 1 :]
            ):
                continue  # no conversation after it: a list of turns handed in, or unpacked
            text = block.val.field("text") or block.val.field("content") or block.val
            name = by_node.get(id(text.node))
            if name is not None:
                found.add(name)
    _SYSTEM_PARAMS[fscope] = frozenset(found)
    return _SYSTEM_PARAMS[fscope]


def wrapped_systems(index: ModuleIndex, ev: Evaluator, sinks: set[str]) -> Iterator[Block]:
    """The text a call hands by keyword to the project's own client wrapper as the system
    text it sends ahead of the conversation (`self._call_model(messages=self.messages,
    system_prompt=system_prompt)`): prefix of every turn, the history after it."""
    for site in index.calls:
        call = site.node
        assert isinstance(call, cst.Call)
        if not any(_names_system(a) for a in call.args):
            continue
        target = ev.project_function(call.func, site.scope, site.at)
        if target is None:
            continue
        fev, fscope = target
        params = system_params(fscope, fev, sinks)
        bound = _bound(call, fscope)
        named = [arg for name, arg in bound.items() if name in params]
        if not named:
            continue
        # Only a call that hands the wrapper a conversation (`messages=self.messages`)
        # has history after the system text; `msg_history=None` is a one-shot request.
        # The object's own list (`self.messages`) is kept between calls, whatever it holds
        # at this one: other methods append the turns.
        kept = f"{site.scope.self_name}." if site.scope.self_name else None
        conversations = [
            arg.value
            for name, arg in bound.items()
            if any(h in name.lower() for h in HISTORY_NAMES)
            and (
                (kept is not None and (dotted(arg.value) or "").startswith(kept))
                or not _empty(arg.value, site, ev)
            )
        ]
        # A method of the same object that sends the object's own conversation
        # (`input=self._format(self.messages)`) is handed none: the turns are kept there.
        own = kept is not None and (dotted(call.func) or "").startswith(kept)
        if not conversations and not (own and _reads_kept_conversation(fscope)):
            continue
        # A conversation the function keeps in a local (`msg_history = []`, then each
        # reply) lasts one call of it: its parameters are the same for every turn.
        local = bool(conversations) and all(
            isinstance(c, cst.Name) and c.value not in site.scope.params for c in conversations
        )
        for arg in named:
            yield Block(
                ev.eval(arg.value, site.scope, site.at),
                f"the system text `{fscope.name}()` sends",
                "system",
                text_first=True,
                prefix=True,
                before_history=local,
            )


def _names_system(arg: cst.Arg) -> bool:
    """Whether an argument hands system text by its keyword (`system_prompt=...`) or
    by the name of what it passes (`self._call_model(model, system_prompt, tools)`)."""
    if arg.star:
        return False
    name = arg.keyword.value if arg.keyword is not None else dotted(arg.value)
    return name is not None and any(w in name.lower() for w in _SYSTEM_WORDS)


def _reads_kept_conversation(fscope: Scope) -> bool:
    """Whether a method reads a conversation its object keeps (`self.messages`)."""
    if fscope.self_name is None:
        return False
    stack: list[cst.CSTNode] = [fscope.node]
    while stack:
        node = stack.pop()
        if (
            isinstance(node, cst.Attribute)
            and isinstance(node.value, cst.Name)
            and node.value.value == fscope.self_name
            and any(h in node.attr.value.lower() for h in HISTORY_NAMES)
        ):
            return True
        stack.extend(child_nodes(node))
    return False


# Arguments that can hold a message built from a template.
_TEXT_ARGS = (cst.Call, cst.FormattedString, cst.BinaryOperation, cst.Name)


def wrapped_messages(
    index: ModuleIndex, ev: Evaluator, sinks: set[str], min_chars: int
) -> Iterator[Block]:
    """The text a call hands to the project's own client wrapper as the only user
    message (`ask(TEMPLATE.format(task=task, ...), system=SYSTEM)`): a one-shot request,
    judged as its template. A call that passes a conversation along (`history=history`)
    is a turn of it, not a one-shot request."""
    for site in index.calls:
        call = site.node
        assert isinstance(call, cst.Call)
        candidates = [
            (pos, arg)
            for pos, arg in enumerate(call.args)
            if not arg.star
            and isinstance(arg.value, _TEXT_ARGS)
            and (
                not isinstance(arg.value, cst.Call)
                or (
                    isinstance(arg.value.func, cst.Attribute)
                    and arg.value.func.attr.value == "format"
                )
            )
        ]
        if not candidates:
            continue
        # The function called first: evaluating the arguments of every call in a module
        # follows each into the helpers it names, which costs far more than finding out
        # that the callee is no client wrapper (message_params is kept per function).
        target = ev.project_function(call.func, site.scope, site.at)
        if target is None:
            continue
        fev, fscope = target
        params = message_params(fscope, fev, sinks)
        if not params:
            continue
        names = [p for p in fscope.params if p != fscope.self_name]
        texts: list[Val] = []
        for pos, arg in candidates:
            name = arg.keyword.value if arg.keyword else names[pos] if pos < len(names) else ""
            if name not in params:
                continue  # not the message the wrapper sends: not worth evaluating
            val = ev.eval(arg.value, site.scope, site.at)
            # Only text with a per-request part and a template's worth of static text.
            if val.parts is None or len(static_text(val.parts)) < min_chars:
                continue
            if not any(
                isinstance(p, Dyn) and any(t.kind == CALLER for t in p.taints) for p in val.parts
            ):
                continue
            texts.append(val)
        if not texts:
            continue
        bound = _bound(call, fscope)
        if any(
            any(h in name.lower() for h in HISTORY_NAMES) and not _empty(arg.value, site, ev)
            for name, arg in bound.items()
        ):
            continue
        for val in texts:
            yield Block(
                val,
                f"the user message `{fscope.name}()` sends",
                "messages",
                final=True,
                text_first=True,
            )


def _empty(expr: cst.BaseExpression, site: Site, ev: Evaluator) -> bool:
    """`[]`, `None`, or a name just set to `[]`: no conversation before the message. Not
    a name the loop around the call sets again (`text, history = ask(..., history)`)
    without setting it back to `[]` first: from the second pass on, it holds the turns."""
    if isinstance(expr, cst.Name) and expr.value == "None":
        return True
    val = ev.eval(expr, site.scope, site.at)
    if val.items != () or val.all_taints():
        return False
    if not isinstance(expr, cst.Name):
        return True
    sets = [e for e in site.scope.events.get(expr.value, ()) if e.kind in ("assign", "unpack")]
    for loop in site.loops:
        again = any(e.end >= site.at and any(it is loop for it in e.loops) for e in sets)
        reset = any(e.end < site.at and any(it is loop for it in e.loops) for e in sets)
        if again and not reset:
            return False
    return True
