"""What the analysis knows about library callables, by qualified name."""

from __future__ import annotations

from promptlint.python.values import ID, RANDOM, TIMESTAMP

# Calls whose result differs on every request (or every process): qualified name -> kind.
VOLATILE_CALLS: dict[str, str] = {
    "datetime.datetime.now": TIMESTAMP,
    "datetime.datetime.utcnow": TIMESTAMP,
    "datetime.datetime.today": TIMESTAMP,
    "datetime.date.today": TIMESTAMP,
    "time.time": TIMESTAMP,
    "time.time_ns": TIMESTAMP,
    "time.ctime": TIMESTAMP,
    "time.asctime": TIMESTAMP,
    "time.localtime": TIMESTAMP,
    "time.gmtime": TIMESTAMP,
    "time.strftime": TIMESTAMP,
    "time.monotonic": TIMESTAMP,
    "time.perf_counter": TIMESTAMP,
    "pendulum.now": TIMESTAMP,
    "pendulum.today": TIMESTAMP,
    "arrow.now": TIMESTAMP,
    "arrow.utcnow": TIMESTAMP,
    "pandas.Timestamp.now": TIMESTAMP,
    "django.utils.timezone.now": TIMESTAMP,
    "uuid.uuid1": ID,
    "uuid.uuid4": ID,
    "uuid.uuid6": ID,
    "uuid.uuid7": ID,
    "os.getpid": ID,
    "os.getppid": ID,
    "socket.gethostname": ID,
    "platform.node": ID,
    "threading.get_ident": ID,
    "id": ID,
    "random.random": RANDOM,
    "random.randint": RANDOM,
    "random.randrange": RANDOM,
    "random.choice": RANDOM,
    "random.choices": RANDOM,
    "random.sample": RANDOM,
    "random.uniform": RANDOM,
    "random.getrandbits": RANDOM,
    "random.randbytes": RANDOM,
    "random.gauss": RANDOM,
    "os.urandom": RANDOM,
    "secrets.token_hex": RANDOM,
    "secrets.token_urlsafe": RANDOM,
    "secrets.token_bytes": RANDOM,
    "secrets.choice": RANDOM,
    "secrets.randbelow": RANDOM,
    "secrets.randbits": RANDOM,
    "numpy.random.rand": RANDOM,
    "numpy.random.randint": RANDOM,
    "numpy.random.choice": RANDOM,
}

# Functions whose result is fixed only by the argument (time.strftime(fmt, t)); with
# the argument given they are not a clock read.
CLOCK_WITH_OPTIONAL_TIME = {"time.ctime", "time.asctime", "time.localtime", "time.gmtime"}

# What a clock value's time zone is (`now.astimezone().tzinfo`, `tz.tzname(now)`): a zone
# name or offset, which changes at a daylight-saving switch, not between requests.
CLOCK_ZONE_READS = frozenset({"tzinfo", "tzname", "utcoffset", "dst"})

MCP_LISTING = "MCP list_tools() order"

# Attributes the SDKs put between a client and its resources (`client.beta.chat...`,
# `client.with_raw_response.create`, genai's `client.aio.models...`).
SDK_WRAPPERS = frozenset({"with_raw_response", "with_streaming_response", "aio", "beta"})

# Iterables whose order is not stable between processes or runs: qualified name -> detail.
UNORDERED_CALLS: dict[str, str] = {
    "set": "set iteration order",
    "frozenset": "frozenset iteration order",
    "os.listdir": "os.listdir order",
    "os.scandir": "os.scandir order",
    "os.walk": "os.walk order",
    "glob.glob": "glob order",
    "glob.iglob": "glob order",
    "asyncio.as_completed": "asyncio.as_completed() completion order",
    "concurrent.futures.as_completed": "concurrent.futures.as_completed() completion order",
}
# Unordered calls that sorted(...) cannot fix in place (futures have no useful order).
NO_SORT_FIX = frozenset({"asyncio.as_completed", "concurrent.futures.as_completed"})
UNORDERED_METHODS = {
    "iterdir": "Path.iterdir order",
    "glob": "Path.glob order",
    "rglob": "Path.rglob order",
    "list_tools": MCP_LISTING,
}

# MCP adapters whose context manager gives the server's tools in its list_tools() order
# (`with MCPAdapt(params, adapter) as tools`, `tools = adapt.__enter__()`).
MCP_ADAPTERS = frozenset({"mcpadapt.core.MCPAdapt"})
MCP_ADAPTER = "mcp-adapter"  # the Val kind of such an adapter before it is entered
# MCP clients of agent frameworks, and their methods that give every server's tools in the
# order its list_tools() gives them (langchain-mcp-adapters loads each server's listing
# as it comes, one server after another).
MCP_CLIENTS: dict[str, frozenset[str]] = {
    "langchain_mcp_adapters.client.MultiServerMCPClient": frozenset({"get_tools"}),
}
MCP_CLIENT = "mcp-client"  # the Val kind of such a client
# A request for an MCP server's tools sent by name, to an actor or an RPC channel
# (`await self._actor.call("list_tools", None)`): the first argument of the call.
MCP_LISTING_REQUESTS = frozenset({"list_tools", "tools/list"})
# Functions that return an MCP session's tools as its list_tools() gives them.
MCP_LISTING_CALLS = frozenset({"langchain_mcp_adapters.tools.load_mcp_tools"})

# Calls whose result does not depend on the order of their argument.
ORDER_INSENSITIVE = {
    "sorted",
    "len",
    "sum",
    "min",
    "max",
    "any",
    "all",
    "bool",
    "set",
    "frozenset",
    "hash",
    "collections.Counter",
}
ORDER_INSENSITIVE_METHODS = {"sort", "count", "index", "__len__"}

# Calls that return a container that keeps (or rebuilds) its argument's order.
ORDER_KEEPING = {"list", "tuple", "dict", "enumerate", "reversed", "zip", "map", "filter", "iter"}

# Field declarations of a class body whose keyword names a function called for every new
# object (`id: str = field(default_factory=lambda: uuid4().hex)`): what the attribute
# holds when the object is made without it. attrs' `Factory(f)` (as `default=`) is one too.
FIELD_FACTORIES: dict[str, tuple[str, ...]] = {
    "dataclasses.field": ("default_factory",),
    "pydantic.Field": ("default_factory",),
    "pydantic.fields.Field": ("default_factory",),
    "attrs.field": ("factory", "default"),
    "attr.field": ("factory", "default"),
    "attr.ib": ("factory", "default"),
    "attr.attrib": ("factory", "default"),
}
FACTORY_WRAPPERS = frozenset({"attrs.Factory", "attr.Factory"})

SHUFFLE = {"random.shuffle": "random.shuffle", "numpy.random.shuffle": "numpy.random.shuffle"}

# Methods whose dicts come back with keys in an order the code does not decide: database
# rows (PostgreSQL jsonb reorders keys), Redis hashes. -> what the finding calls them.
KEY_ORDER_SOURCES = {
    "fetchone": "a database row",
    "fetchall": "database rows",
    "fetchmany": "database rows",
    "fetchrow": "a database row",
    "hgetall": "a Redis hash",
}

# Calls that cut a message list to a token or message budget, dropping the oldest turns
# once the conversation is long enough: re-applied on every request, a sliding window.
WINDOW_CALLS = {
    "tokentrim.trim": "tokentrim.trim()",
    "litellm.trim_messages": "litellm's trim_messages()",
    "litellm.utils.trim_messages": "litellm's trim_messages()",
    "langchain_core.messages.trim_messages": "LangChain's trim_messages()",
    "langchain_core.messages.utils.trim_messages": "LangChain's trim_messages()",
}

# LangChain memories that hand a chain only the newest part of the conversation: past the
# window every turn drops the oldest exchange. Class name -> what it keeps.
WINDOW_MEMORIES = {
    "ConversationBufferWindowMemory": "the last `k` exchanges",
    "ConversationTokenBufferMemory": "the newest messages within `max_token_limit`",
}

JSON_DUMPS = {"json.dumps", "simplejson.dumps", "orjson.dumps", "ujson.dumps"}

# Names of parameters that usually carry configuration, not per-request data.
STATIC_PARAM_HINTS = (
    "prompt",
    "instruction",
    "template",
    "system",
    "persona",
    "preamble",
    "guideline",
    "policy",
    "rules",
    "schema",
    "types",  # the kinds a schema allows (`entity_types`, `node_types`)
    "tools",
    "functions",  # the tool list by its older name (`functions=`)
    "model",
    "config",
    "settings",
    "client",
    "llm",
    "self",
    "cls",
    # the agent or team a builder describes (`get_system_message(agent, ...)`): its
    # attributes are its settings, made once and read by every run
    "agent",
    "team",
)

# Words of a method name that say it looks something up for this request (what it returns
# differs between requests: documents for the query, the user's memories, skills for the
# task), and words of the object called that say it is a store of such things
# (`self.mem.run(...)`, `agent.learning.build_context(...)`).
RETRIEVAL_METHOD_WORDS = frozenset(
    {"search", "retrieve", "recall", "memories", "similarity", "references"}
)
RETRIEVAL_STORE_WORDS = frozenset(
    {"memory", "memories", "mem", "retriever", "knowledge", "learning", "learnings"}
)
# With a store's name, words of a method name that say it reads from that store: the
# object's own accessor of its memory (`self.get_memory_context()`, `load_memory(...)`),
# wherever the store behind it is kept.
STORE_READ_WORDS = frozenset({"get", "load", "fetch", "read", "context"})
# Methods of such a store that write to it or describe it, not look something up.
NOT_RETRIEVAL_WORDS = frozenset(
    {
        "add",
        "save",
        "store",
        "update",
        "delete",
        "clear",
        "insert",
        "put",
        "set",
        "reset",
        "upsert",
        "remove",
        "write",
        "close",
        "create",
        "init",
    }
)
# Words of the names of a conversation's state, which changes between its requests: a
# session's state or summary, the user's memories (`run_context.session_state`,
# `session.summary`); an id (`session.session_id`) stays the same.
STATE_WORDS = frozenset({"state", "summary", "memory", "memories"})


# Words of a function's name that say it returns a clock, id or random value
# (`get_today_str`, `now_text`, `new_session_id`): what it returns is that value, though
# the analysis sees only its taint (`datetime.now().strftime(...)`).
VALUE_HELPER_WORDS = frozenset(
    {"date", "datetime", "time", "timestamp", "now", "today", "clock", "uuid", "id", "uid"}
    | {"random", "nonce"}
)


def name_words(name: str) -> list[str]:
    """The words of a snake_case name (`_get_user_memories` -> get, user, memories)."""
    return [w for w in name.lower().split("_") if w]


# Words of an attribute name that say it holds configuration: an object's prompt text,
# template or schema is set when the object is made (`agent.parser_model_prompt`,
# `agent.system_template`), where a field like `request.user_name` is data. Not
# `instruction(s)`: a task's instruction is the task (`plan.current_task.instruction`).
CONFIG_FIELD_WORDS = frozenset(
    {
        "system",
        "template",
        "templates",
        "persona",
        "preamble",
        "guideline",
        "guidelines",
        "policy",
        "rules",
        "schema",
        "config",
        "settings",
    }
)
# `<what>_prompt` is a configured prompt unless it names the request's own text.
REQUEST_PROMPT_WORDS = frozenset({"user", "input", "query", "question", "task", "human", "current"})


def names_configuration(attr: str) -> bool:
    """Whether an attribute's name says it holds configuration (see CONFIG_FIELD_WORDS);
    a bare `prompt` or `user_prompt` is the request's text."""
    words = attr.lower().strip("_").split("_")
    if CONFIG_FIELD_WORDS.intersection(words):
        return True
    return len(words) > 1 and words[-1] == "prompt" and not REQUEST_PROMPT_WORDS.intersection(words)


def names_location(keyword: str) -> bool:
    """`root`, `db_file`, `base_dir`, `cache_path`: where an object keeps its data."""
    lowered = keyword.lower().strip("_")
    return lowered in ("root", "path", "dir", "directory", "folder", "db_url") or lowered.endswith(
        ("_dir", "_path", "_file", "_folder", "_root")
    )


def names_limit(name: str) -> bool:
    """`max_steps`, `min_steps`, `retry_limit`: a bound set once, not the count it bounds."""
    lowered = name.lower().strip("_")
    return lowered.startswith(("max_", "min_")) or lowered.endswith(("_limit", "_max", "_min"))


# Volatile calls whose value is fixed for a process or machine, not per request.
PER_PROCESS = frozenset(
    {"os.getpid", "os.getppid", "socket.gethostname", "platform.node", "threading.get_ident"}
)
# A read of the stored conversation cut to its newest turns by a count given by name
# (`get_chat_history(sid, max_messages=10)`): the verbs, the nouns of what is stored, the
# keywords of the count. `filter_history(history_len=n)` (streamlit-chatbox) picks the
# newest n of the stored turns as a read does.
READ_VERBS = frozenset({"get", "load", "fetch", "read", "list", "recent", "latest", "filter"})
STORED_TURN_WORDS = frozenset({"history", "messages", "items", "turns", "conversation"})
TURN_COUNT_LIMITS = frozenset(
    {"limit", "max_messages", "max_items", "max_turns", "max_history", "last_n", "num_messages"}
    | {"n_messages", "history_limit", "message_limit", "window_size", "max_history_messages"}
    | {"history_len"}
)

# The words of a call that asks a model to answer the conversation it is handed by
# `messages=` (`self.backend.chat_completion(messages=...)`, `llm.ask(...)`):
# a client the checker cannot follow into is still a request.
COMPLETION_CALL_WORDS = frozenset(
    {"complete", "completion", "completions", "chat", "generate", "generation", "respond"}
    | {"response", "reply", "ask", "query", "invoke", "predict", "infer", "inference", "llm"}
)

# Names that say "this holds the conversation history".
HISTORY_NAMES = ("history", "messages", "conversation", "turns", "chat_log", "transcript", "memory")


# Words that name a prompt part in a variable, attribute or function name.
PROMPT_PART_WORDS = frozenset(
    {
        "prompt",
        "prompts",
        "system",
        "instruction",
        "instructions",
        "preamble",
        "tools",
        "functions",
        "description",
        "descriptions",
        "enum",
        "messages",
    }
)


def names_prompt_part(name: str) -> bool:
    """`docs_prompt`, `self._tools`, `get_system_prompt`, `system_prompt_for`: a prompt word
    last, or `prompt` anywhere (`messages_table`, `tools_response` are something else)."""
    words = [w for w in name.lower().split("_") if w]
    return bool(words) and (words[-1] in PROMPT_PART_WORDS or "prompt" in words)
