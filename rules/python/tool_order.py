import libcst as cst

from promptlint.check.rule import Invalid, Valid
from promptlint.findings import FixSafety, Severity
from promptlint.python.frontend import PendingFix, PrefixUse, PythonContext, PythonRule
from promptlint.python.move_fix import path_to
from promptlint.python.requests import Block
from promptlint.python.values import UNORDERED, Dyn, Taint, own_input


class ToolOrder(PythonRule):
    """
    ## What it does
    Checks for tool lists, enums, schema parts and prompt text built in an unstable order
    that reach the cacheable prefix: iteration over a `set`/`frozenset`, `list(set(...))`,
    `os.listdir`/`os.scandir`/`glob.glob`/`Path.iterdir`/`Path.glob` without `sorted`,
    `random.shuffle`, results taken as they finish (`asyncio.as_completed`,
    `concurrent.futures.as_completed`), and MCP `list_tools()` results used unsorted — iterated here
    (`for t in listed.tools`), or kept on the object as its tools (`self.tools = await
    session.list_tools()`) or returned from any function (`return await
    client.list_tools()`), to be iterated elsewhere: it is reported at the `list_tools()`
    call, where the server's order comes in, however many loops follow it. The tools an
    MCP adapter gives (`mcpadapt`'s
    `MCPAdapt.__enter__()`, `with MCPAdapt(...) as tools`) are such a listing. A set kept
    on the object and filled elsewhere (`self.usable = set()`, `.add()` in another method)
    is reported where it is iterated into a list; a set difference where it is listed
    (`list(current - previous)`). A collection only looked up in, tested or turned into a
    set (`name in current_tools`, `set(current_tools)`) is not: its order reaches nothing.
    A `list_tools()` used as it returns, neither awaited nor run, is a registry's own
    method (MCP's is a coroutine), unless the module's own synchronous `list_tools()`
    runs the coroutine: a blocking wrapper of an MCP client gives the server's listing.
    An agent framework's MCP client gives the servers' listings as they come
    (langchain-mcp-adapters' `MultiServerMCPClient(...).get_tools()`), and so does a
    listing asked for by name (`await self._actor.call("list_tools", None)`). A list grown
    in a loop over a set (`for name in set(names): self._tools.append(...)`) keeps the
    set's order; a set filled from a table (`names.update(self._tools.keys())`) keeps none,
    and neither does one entry looked up in it (`self.function_cfgs.get(name)`) or a
    count added up in a loop over it (`total += len(messages)`). A helper that returns the
    text in a set's order, or a fixed fallback (`if parts: return "\\n".join(parts)` then
    `return ""`), gives that order to the prompt it goes into. An attribute only a base
    class sets, in any of its methods (`self.examples = load_examples(...)`), is read from
    there by a subclass's prompt builder. A helper that builds a text in the order of
    the list it is given (`for path in paths: text += ...`) builds it in the caller's
    order, and a text concatenated to another keeps the order it was built in.
    Prompt text by name whose request is not seen is read as a one-shot template: an
    unstable order after the request's own input in it is not reported (nothing from that
    input on is reused between calls).

    ## Why is this bad?
    Tools come first in the prefix. The same tools in a different order are a different
    prefix, so the whole request misses the cache. Set order changes between processes
    (hash randomisation), directory order between machines, MCP order between reconnects:
    openclaw #58037, deepagents #2497, claude-code #49038, langgraph-supervisor-py #239.

    ## Example
    ```python
    tools = [TOOLS[name] for name in set(enabled)]
    ```

    ## Use instead
    ```python
    tools = [TOOLS[name] for name in sorted(set(enabled))]
    ```

    ## Fix safety
    Safe where the unordered value is iterated right there (a `for` or comprehension
    iterable, the argument of `list()` / `tuple()` / `str.join`) or is a call that returns a
    list (`os.listdir`, `glob.glob`): the fix wraps it in `sorted(...)`, which keeps the same
    elements in a stable order (names and paths are orderable). A set kept in a variable is
    reported where it is iterated into a list (`list(STATUSES)`, `for n in enabled`: a set
    has no order until then), without a fix (its elements may not be orderable: a set of
    functions). `random.shuffle` and
    `list_tools()` have no automatic fix: tool objects need a sort key
    (`key=lambda t: t.name`).
    """

    CODE = "PL201"
    NAME = "tool-order"
    SEVERITY = Severity.WARNING
    MESSAGE = "tools, enums or prompt parts in an unstable order reach the prefix"

    VALID = [
        # An empty frozenset stays empty (it takes no `.add()`): it orders nothing, also
        # when it is handed to the object that carries the tools.
        Valid(
            """
            from dataclasses import dataclass
            from openai import OpenAI

            client = OpenAI()

            @dataclass
            class ToolSetup:
                tools: list
                deferred: frozenset

            def build_setup(tools):
                return ToolSetup(list(tools), frozenset())

            def ask(tools, messages):
                setup = build_setup(tools)
                return client.chat.completions.create(
                    model="gpt-4o", messages=messages, tools=setup.tools
                )
            """
        ),
        # A tool dispatcher: the listing is one tool's result, sent once and kept as it was.
        Valid(
            """
            import os

            def run_tool(client, name, args, messages):
                if name == "read_file":
                    result = open(args["path"]).read()
                elif name == "list_files":
                    result = "\\n".join(os.listdir(args.get("path", ".")))
                else:
                    result = f"unknown tool {name}"
                messages.append({"role": "tool", "content": result})
                messages.append({"role": "user", "content": "Go on."})
                return client.chat.completions.create(model="gpt-4o", messages=messages)
            """
        ),
        Valid(
            """
            from openai import OpenAI
            client = OpenAI()
            TOOLS = {"search": {"type": "function"}, "lookup": {"type": "function"}}

            def ask(q, enabled):
                tools = [TOOLS[n] for n in sorted(set(enabled))]
                allowed = set(enabled)
                extra = [t for t in TOOLS.values() if t["type"] in allowed]
                return client.chat.completions.create(
                    model="gpt-4o", tools=tools + extra, messages=[{"role": "user", "content": q}]
                )
            """
        ),
        Valid(
            """
            async def run(session, client, q):
                listed = await session.list_tools()
                tools = sorted(listed.tools, key=lambda t: t.name)
                return await client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=500,
                    tools=[{"name": t.name, "input_schema": t.inputSchema} for t in tools],
                    messages=[{"role": "user", "content": q}],
                )
            """
        ),
        Valid(
            """
            class MCPAgent:
                async def refresh_tools(self):
                    # The listing is only looked up in and compared: its order goes nowhere.
                    response = await self.session.list_tools()
                    current_tools = {tool.name: tool.inputSchema for tool in response.tools}
                    added = sorted(set(current_tools) - set(self.tool_schemas))
                    changed = [n for n in added if current_tools.get(n) != self.tool_schemas.get(n)]
                    self.tool_schemas = current_tools
                    return added, changed
            """
        ),
        Valid(
            """
            class ToolRegistry:
                def __init__(self):
                    self._tools = {}

                def list_tools(self):
                    return list(self._tools)  # registration order

            def get_tools_system_prompt(registry: ToolRegistry) -> str:
                # Not MCP's coroutine: the registry's own names, in the order registered.
                names = registry.list_tools()
                return "You can call these tools:\\n" + "\\n".join(names)
            """
        ),
        Valid(
            """
            from fastapi import FastAPI

            app = FastAPI()

            @app.get("/tools")
            async def list_tools(server) -> dict:
                tools = await server.list_tools()
                return {"tools": [tool.name for tool in tools]}  # an HTTP response, not a prompt
            """
        ),
        Valid(
            """
            PROMPT_NAMES_BY_FAMILY: dict[str, frozenset[str]] = {
                "extract": frozenset({"extract-actions", "extract-more"}),
                "check": frozenset({"check-goal", "check-goal-after-click"}),
            }
            # A reverse lookup table, only looked up in: its order goes nowhere.
            _FAMILY_BY_PROMPT_NAME: dict[str, str] = {
                name: family for family, names in PROMPT_NAMES_BY_FAMILY.items() for name in names
            }

            def family_for_prompt(prompt_name):
                return _FAMILY_BY_PROMPT_NAME.get(prompt_name)
            """
        ),
        Valid(
            """
            from pydantic import BaseModel, field_validator
            from crewai_tools import PlatformTools

            class BaseAgent(BaseModel):
                apps: list[str] | None = None

                @field_validator("apps")
                @classmethod
                def validate_apps(cls, apps):
                    return sorted(set(apps)) if apps else apps

                def prepare_tools(self):
                    platform_tools = PlatformTools(apps=self.apps)
                    return platform_tools
            """
        ),
        # A registry filled from a directory listing, only looked up in by name and
        # turned into a set: the tools an agent gets are chosen, in order, elsewhere.
        Valid(
            """
            import os

            class ToolRegistry:
                def __init__(self, path):
                    self._user_tools = {}
                    for filename in os.listdir(path):
                        self._user_tools[filename[:-3]] = filename

                def get_tool_class(self, name):
                    return self._user_tools.get(name)

                def list_available_tools(self) -> list[str]:
                    tools: set[str] = set()
                    tools.update(self._user_tools.keys())
                    return sorted(tools)
            """
        ),
        # A count added up in directory order is the same number in any order.
        Valid(
            """
            import glob
            import json

            def get_number_of_chat_messages(chat_messages_dir):
                result = 0
                for file in glob.glob(f"{chat_messages_dir}/*_messages.json"):
                    with open(file) as f:
                        for agent, messages in json.load(f).items():
                            result += len(messages)
                return result
            """
        ),
        # Configs filled in glob order, each looked up by name: one entry's prompt has
        # no order of the table in it.
        Valid(
            """
            import glob

            class FunctionManager:
                def __init__(self, cfg_dir):
                    self.function_cfgs = {}
                    for cfg_file in glob.glob(f"{cfg_dir}/*.yaml"):
                        cfg = load_yaml(cfg_file)
                        self.function_cfgs[cfg["name"]] = cfg

                def execute(self, function_name, **kwargs):
                    function_cfg = self.function_cfgs.get(function_name)
                    function_prompt = str(function_cfg["function_prompt"]).format(**kwargs)
                    return [{"role": "user", "content": function_prompt}]
            """
        ),
        # A one-shot prompt: the set comes after the request's own context, so nothing
        # after it is reused between calls anyway.
        Valid(
            """
            def decide_imports(context, all_functions):
                existing_imports = set()
                for f in all_functions:
                    existing_imports.update(f["imports"])
                prompt = f\"\"\"You decide the imports a set of functions needs.

            Context:
            {context}

            Imports already in use:
            {list(existing_imports)}

            Answer as JSON.\"\"\"
                return prompt
            """
        ),
    ]
    INVALID = [
        # Parallel tool results appended as they finish: the history keeps that order.
        Invalid(
            """
            from concurrent.futures import ThreadPoolExecutor, as_completed
            from openai import OpenAI

            client = OpenAI()

            def step(history, calls, run_tool):
                with ThreadPoolExecutor() as pool:
                    futures = [pool.submit(run_tool, call) for call in calls]
                    for future in as_completed(futures):
                        history.append({"role": "tool", "content": future.result()})
                return client.chat.completions.create(model="gpt-4o", messages=history)
            """,
            line=9,
            message_contains="concurrent.futures.as_completed() completion order",
        ),
        # Tools registered by iterating a set of names: the list keeps the set's order.
        Invalid(
            """
            class RAGAgent:
                def _register_tools(self):
                    for tool_name in set(self.config.rag_tools):
                        if tool := self.registry.create_tool_instance(tool_name):
                            self._tools.append(tool)
            """,
            line=3,
            column=26,
            expected_replacement="""
            class RAGAgent:
                def _register_tools(self):
                    for tool_name in sorted(set(self.config.rag_tools)):
                        if tool := self.registry.create_tool_instance(tool_name):
                            self._tools.append(tool)
            """,
        ),
        # langchain-mcp-adapters gives every server's tools in its list_tools() order.
        Invalid(
            """
            from langchain_mcp_adapters.client import MultiServerMCPClient

            async def load_mcp_tools(config, existing):
                client = MultiServerMCPClient(config.mcp_servers)
                mcp_tools = await client.get_tools()
                return [t for t in mcp_tools if t.name not in existing]

            async def get_all_tools(config):
                tools = [think_tool]
                tools.extend(await load_mcp_tools(config, {"think_tool"}))
                return tools
            """,
            line=5,
            column=23,
            message_contains="list_tools",
        ),
        # The listing asked of an actor by name: what `list_tools()` returns is its order.
        Invalid(
            """
            class McpWorkbench:
                async def list_tools(self):
                    result_future = await self._actor.call("list_tools", None)
                    listed = await result_future
                    schema = []
                    for tool in listed.tools:
                        schema.append({"name": tool.name, "parameters": tool.inputSchema})
                    return schema
            """,
            line=3,
            column=31,
            message_contains="list_tools",
        ),
        Invalid(
            """
            import asyncio

            class StdioClient:
                def __init__(self, session, loop):
                    self._session, self._loop = session, loop

                def list_tools(self):
                    listing = self._session.list_tools()
                    return asyncio.run_coroutine_threadsafe(listing, self._loop).result()

            def tool_specs(client: StdioClient):
                return [{"name": t.name} for t in client.list_tools()]
            """,
            line=12,
            column=39,
        ),
        Invalid(
            """
            from openai import OpenAI
            client = OpenAI()
            TOOLS = {"search": {"type": "function"}, "lookup": {"type": "function"}}

            def ask(q, enabled):
                tools = [TOOLS[n] for n in set(enabled)]
                return client.chat.completions.create(
                    model="gpt-4o", tools=tools, messages=[{"role": "user", "content": q}]
                )
            """,
            line=6,
            column=32,
            expected_replacement="""
            from openai import OpenAI
            client = OpenAI()
            TOOLS = {"search": {"type": "function"}, "lookup": {"type": "function"}}

            def ask(q, enabled):
                tools = [TOOLS[n] for n in sorted(set(enabled))]
                return client.chat.completions.create(
                    model="gpt-4o", tools=tools, messages=[{"role": "user", "content": q}]
                )
            """,
        ),
        Invalid(
            """
            import os

            def system_prompt(skills_dir):
                names = [f[:-3] for f in os.listdir(skills_dir) if f.endswith(".md")]
                return [{"role": "system", "content": "Skills: " + ", ".join(names)}]
            """,
            line=4,
            column=30,
            expected_replacement="""
            import os

            def system_prompt(skills_dir):
                names = [f[:-3] for f in sorted(os.listdir(skills_dir)) if f.endswith(".md")]
                return [{"role": "system", "content": "Skills: " + ", ".join(names)}]
            """,
        ),
        Invalid(
            """
            from openai import OpenAI
            client = OpenAI()
            STATUSES = {"open", "closed", "pending"}

            def ask(q):
                schema = {"type": "object", "properties": {"status": {"enum": list(STATUSES)}}}
                return client.chat.completions.create(
                    model="gpt-4o",
                    tools=[{"type": "function", "function": {"name": "set_status", "parameters": schema}}],
                    messages=[{"role": "user", "content": q}],
                )
            """,
            line=6,
            column=72,
        ),
        Invalid(
            """
            async def run(session, client, q):
                listed = await session.list_tools()
                return await client.messages.create(
                    model="claude-sonnet-4-5", max_tokens=500,
                    tools=[{"name": t.name, "input_schema": t.inputSchema} for t in listed.tools],
                    messages=[{"role": "user", "content": q}],
                )
            """,
            line=2,
            column=20,
            message_contains="list_tools",
        ),
        Invalid(
            """
            class MCPToolkit:
                async def build_tools(self):
                    # filtered in one loop, registered in a second: the server's order both times
                    available_tools = await self.session.list_tools()
                    filtered_tools = []
                    for tool in available_tools.tools:
                        if tool.name not in self.exclude_tools:
                            filtered_tools.append(tool)
                    for tool in filtered_tools:
                        self.functions[tool.name] = {"name": tool.name, "parameters": tool.inputSchema}
            """,
            line=4,
            column=33,
            message_contains="list_tools",
        ),
        Invalid(
            """
            import asyncio

            class MCPClient:
                async def setup_connection(self):
                    await self.session.initialize()
                    tools = await asyncio.wait_for(self.session.list_tools(), timeout=10.0)
                    self.tools = tools  # iterated as the agent's tools in other modules
            """,
            line=6,
            column=40,
            message_contains="list_tools",
        ),
        Invalid(
            """
            from pathlib import Path

            class Function:
                def __init__(self, path):
                    self.schema = {"type": "function", "function": {"name": Path(path).stem}}

            # loaded once per process, sent as the tools of every request from another module
            functions_folder = Path("~/.config/app/functions").expanduser()
            functions = [Function(str(path)) for path in functions_folder.glob("*.py")]

            def get_openai_schemas():
                return [function.schema for function in functions]
            """,
            line=9,
            column=46,
        ),
        Invalid(
            """
            import random
            import litellm

            def ask(q, tools):
                tools = list(tools)
                random.shuffle(tools)
                return litellm.completion(model="gpt-4o", tools=tools, messages=[{"role": "user", "content": q}])
            """,
            line=6,
            column=5,
        ),
        Invalid(
            """
            class ChatAgent:
                def __init__(self, specs):
                    self.specs = specs
                    self.usable: set[str] = set()  # filled by enable(), copied per clone

                def enable(self, name):
                    self.usable.add(name)

                def clone_tools(self):
                    self.usable = self.usable.copy()

                def function_args(self):
                    tools = [self.specs[name] for name in self.usable]
                    return tools
            """,
            line=13,
            column=47,
        ),
        Invalid(
            """
            class MCPAgent:
                async def refresh_tools(self, previous):
                    response = await self.session.list_tools()
                    current = {tool.name for tool in response.tools}
                    added_tools = list(current - previous)
                    self.memory.append({"role": "system", "content": "New tools: " + ", ".join(added_tools)})
            """,
            line=5,
            column=28,
        ),
        Invalid(
            """
            from fastmcp import Client

            class ToolManager:
                async def fetch_mcp_tools(self, url):
                    # the caller turns these into the tool specs it sends, in this order
                    async with Client(url) as client:
                        return await client.list_tools()
            """,
            line=7,
            column=26,
            message_contains="returns",
        ),
        Invalid(
            """
            from mcpadapt.core import MCPAdapt
            from mcpadapt.smolagents_adapter import SmolAgentsAdapter

            class MCPClient:
                def __init__(self, params):
                    self._adapter = MCPAdapt(params, SmolAgentsAdapter())

                def connect(self):
                    self._tools = self._adapter.__enter__()
            """,
            line=9,
            column=23,
            message_contains="list_tools",
        ),
        # A pydantic validator's return is what the field holds: the apps deduplicated
        # through a set become the agent's tools in hash order.
        Invalid(
            """
            from pydantic import BaseModel, field_validator
            from crewai_tools import PlatformTools

            class BaseAgent(BaseModel):
                apps: list[str] | None = None

                @field_validator("apps")
                @classmethod
                def validate_apps(cls, apps):
                    return list(set(apps)) if apps else apps

                def prepare_tools(self):
                    platform_tools = PlatformTools(apps=self.apps)
                    return platform_tools
            """,
            line=10,
            column=21,
        ),
        # A helper's text in a set's order, with an empty-text fallback return: the prompt
        # it goes into carries that order.
        Invalid(
            """
            class Agent:
                def _extension_contexts(self, extensions):
                    active = set()
                    for ext in extensions:
                        active.add(ext["class_name"])
                    parts = [self.context_of(name) for name in active]
                    if parts:
                        return "\\n\\n".join(parts)
                    return ""

                def get_commands_prompt(self):
                    prompt = "## Available commands\\n"
                    prompt += self._extension_contexts(self.extensions)
                    return prompt + "## Guidelines\\nRun the commands in the order given.\\n"
            """,
            line=6,
            column=52,
        ),
        # A helper builds the text in the order of the list it is given, and the text is
        # concatenated into the system message: the order is the directory walk's.
        Invalid(
            """
            import os
            from openai import OpenAI

            client = OpenAI()

            def find_docs(root_dir):
                found = []
                for root, _, files in os.walk(root_dir):
                    found.extend(os.path.join(root, f) for f in files if f.endswith(".md"))
                return found

            def aggregate(paths):
                text = ""
                for path in paths:
                    text += f"== {path} ==\\n{open(path).read()}\\n"
                return text

            def ask(question, docs_dir):
                system = "Answer from these docs.\\n" + aggregate(find_docs(docs_dir))
                return client.chat.completions.create(
                    model="gpt-4o",
                    messages=[{"role": "system", "content": system}, {"role": "user", "content": question}],
                )
            """,
            line=8,
            column=27,
        ),
        # Set in a method of the base class from a directory listing, read by the
        # subclass's prompt builder: the examples come in directory order.
        Invalid(
            """
            import glob

            def load_examples(folder):
                return [open(p).read() for p in glob.glob(folder + "/*.yaml")]

            class Role:
                def __init__(self, config):
                    self.config = config
                    self.load_example()

                def load_example(self):
                    self.examples = load_examples(self.config.example_path)

            class Planner(Role):
                def compose_prompt(self, rounds):
                    chat_history = [{"role": "system", "content": "You plan the task."}]
                    for example in self.examples:
                        chat_history.append({"role": "user", "content": example})
                    return chat_history + rounds

                def reply(self, client, rounds):
                    return client.chat.completions.create(
                        model="gpt-4o", messages=self.compose_prompt(rounds)
                    )
            """,
            line=4,
            column=37,
        ),
        # Filled in `__init__` from a directory listing through a closure, read as the
        # skills section of the prompt in another method.
        Invalid(
            """
            def discover_skills(skill_dirs):
                skills = []

                def _add_skill(item):
                    if (item / "SKILL.md").is_file():
                        skills.append(item)

                for parent in skill_dirs:
                    for item in parent.iterdir():
                        _add_skill(item)
                return skills

            class SkillManager:
                def __init__(self, skill_dirs):
                    self._skills = {}
                    for skill in discover_skills(skill_dirs):
                        self._skills[skill.name] = skill

                def to_prompt(self):
                    return "\\n".join(f"<skill>{s.name}</skill>" for s in self._skills.values())
            """,
            line=9,
            column=21,
        ),
    ]

    def check(self, ctx: PythonContext) -> None:
        uses = list(ctx.uses(UNORDERED))
        seen = {id(u.taint.node) for u in uses}
        # A prompt part built in an unstable order is reported even where we cannot see
        # where it is sent (another module, a framework, a template render).
        for block in ctx.named_parts:
            for taint in sorted(block.val.all_taints(), key=lambda t: ctx.order(t.node)):
                if _after_own_input(block, taint):
                    continue
                if taint.kind == UNORDERED and id(taint.node) not in seen:
                    seen.add(id(taint.node))
                    uses.append(PrefixUse(taint, block, None))
        for use in uses:
            taint = use.taint
            fix = None
            if taint.fix == "sorted" and _sorting_is_safe(ctx, taint.node):
                fix = PendingFix(
                    "wrap in sorted(...)",
                    FixSafety.SAFE,
                    taint.node,
                    f"sorted({ctx.code(taint.node).strip()})",
                )
            ctx.report(
                type(self),
                taint.node,
                f"{taint.detail} decides the order of {use.where}, part of the cacheable "
                "prefix: the same items in another order miss the cache; sort them",
                fix,
            )


def _after_own_input(block: Block, taint: Taint) -> bool:
    """Prompt text by name whose request we cannot see is read as a one-shot template
    (as `one_shot_texts` reads it): only its static text before the first per-request
    value is reused between calls, so an unstable order after that value (the request's
    own context, then `{list(existing_imports)}`) breaks nothing that would be cached."""
    parts = block.val.parts
    if parts is None:
        return False
    for part in parts:
        if isinstance(part, Dyn) and taint in part.taints:
            return False
        if own_input(part):
            return True
    return False


# Calls that return a list: sorted(...) returns a list too, so the swap is invisible.
_LIST_RESULTS = {"os.listdir", "glob.glob"}
_ORDER_TAKING = {"list", "tuple", "enumerate"}


def _sorting_is_safe(ctx: PythonContext, node: cst.CSTNode) -> bool:
    """`sorted(node)` keeps behaviour only where node is iterated once, in order: a `for`
    or comprehension iterable, the argument of list()/tuple()/str.join, or a call that
    already returns a list. A set kept in a variable (used with `in`, `|`, `.add`) is not."""
    if isinstance(node, cst.Call) and ctx.evaluator.qualname(node.func) in _LIST_RESULTS:
        return True
    path = path_to(ctx.module, node)
    if path is None or len(path) < 2:
        return False
    parent = path[-2]
    if isinstance(parent, (cst.CompFor, cst.For)):
        return parent.iter is node
    if isinstance(parent, cst.Arg) and len(path) >= 3:
        call = path[-3]
        if isinstance(call, cst.Call) and len(call.args) == 1 and parent.keyword is None:
            if isinstance(call.func, cst.Name) and call.func.value in _ORDER_TAKING:
                return True
            return isinstance(call.func, cst.Attribute) and call.func.attr.value == "join"
    return False
