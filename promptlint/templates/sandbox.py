"""The Jinja environment chat templates run in, as model servers build it.

Hugging Face transformers (and so vLLM, SGLang and TGI, which call it) render chat
templates in jinja2's `ImmutableSandboxedEnvironment` with `trim_blocks`,
`lstrip_blocks`, the `loopcontrols` extension and a `{% generation %}` tag, plus the
globals `raise_exception` and `strftime_now` and a `tojson` filter that does not
escape HTML. We build the same environment, except that the clock behind
`strftime_now` and the random source behind the `random` filter are ours to set: the
render check renders at two clock times and with two seeds to see what moves.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.ext import Extension, do, loopcontrols
from jinja2.parser import Parser
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEnvironment

# Special tokens a template may print when the tokenizer config does not name them.
DEFAULT_SPECIAL_TOKENS = {
    "bos_token": "<s>",
    "eos_token": "</s>",
    "unk_token": "<unk>",
    "pad_token": "<pad>",
}


class GenerationExtension(Extension):
    """`{% generation %}…{% endgeneration %}` (transformers' assistant mask): renders its body."""

    tags = {"generation"}  # noqa: RUF012 (jinja2's own class attribute)

    def parse(self, parser: Parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
        return nodes.CallBlock(self.call_method("_body"), [], [], body).set_lineno(lineno)

    def _body(self, caller: Callable[[], str]) -> str:
        return caller()


def _raise_exception(message: str) -> None:
    raise jinja2.TemplateError(message)


def _tojson(
    value: Any,
    ensure_ascii: bool = False,
    indent: int | None = None,
    separators: Sequence[str] | None = None,
    sort_keys: bool = False,
) -> str:
    seps = (separators[0], separators[1]) if separators is not None else None
    return json.dumps(
        value, ensure_ascii=ensure_ascii, indent=indent, separators=seps, sort_keys=sort_keys
    )


# What a server passes to every chat template it renders.
SERVER_INPUTS = frozenset(
    {
        "messages",
        "tools",
        "documents",
        "add_generation_prompt",
        *DEFAULT_SPECIAL_TOKENS,
        "raise_exception",
        "strftime_now",
    }
)

# The engines whose template sandboxes we render in, and what each stands for.
TRANSFORMERS = "transformers"
LLAMA_CPP = "llama.cpp"
ENGINES = {
    TRANSFORMERS: "transformers' ImmutableSandboxedEnvironment, as vLLM, SGLang and TGI render it",
    LLAMA_CPP: (
        "a sandbox that lets templates change lists and dicts (`list.append`), as llama.cpp's "
        "template engine does"
    ),
}


class Sandbox:
    """A server-like environment whose clock and random seed the caller sets per render.

    `engine`: "transformers" (vLLM, SGLang, TGI: an immutable sandbox, where `list.append`
    is refused) or "llama.cpp" (whose engine lets templates mutate lists and dicts).
    """

    def __init__(
        self, special_tokens: dict[str, str] | None = None, engine: str = TRANSFORMERS
    ) -> None:
        self.clock = datetime(2026, 3, 2, 9, 15, 0)
        self.rng = random.Random(0)
        self.special_tokens = {**DEFAULT_SPECIAL_TOKENS, **(special_tokens or {})}
        self.engine = engine
        environment = (
            ImmutableSandboxedEnvironment if engine == TRANSFORMERS else SandboxedEnvironment
        )
        env = environment(
            trim_blocks=True,
            lstrip_blocks=True,
            extensions=[GenerationExtension, loopcontrols],
        )
        env.filters["tojson"] = _tojson
        env.filters["random"] = self._random_filter
        env.globals["raise_exception"] = _raise_exception
        env.globals["strftime_now"] = self._strftime_now
        self.env = env

    def set(self, clock: datetime, seed: int) -> None:
        self.clock = clock
        self.rng = random.Random(seed)

    def _strftime_now(self, fmt: str) -> str:
        return self.clock.strftime(fmt)

    # pass_context (like jinja2's own `random`) keeps the optimizer from folding
    # `[...] | random` into a constant at compile time.
    @jinja2.pass_context
    def _random_filter(self, context: Any, seq: Sequence[Any]) -> Any:
        try:
            return self.rng.choice(seq)
        except IndexError:
            return self.env.undefined("No random item, sequence was empty.")

    def compile(self, source: str) -> jinja2.Template:
        """Raises jinja2.TemplateSyntaxError with the template line."""
        return self.env.from_string(source)

    def assume_app_helpers(self, unknown: UnknownHelpers) -> None:
        """Stand in for the filters, tests and globals an application registers itself.

        The application's own `usd`, `markdown`, `is_admin`… are not ours to run: filters
        pass their input through, tests answer false, and functions return a fixed
        placeholder. All are deterministic, so what the render check finds is the
        template's own doing.
        """
        for name in unknown.filters:
            self.env.filters[name] = _passthrough
        for name in unknown.tests:
            self.env.tests[name] = _false_test
        for name in unknown.functions:
            self.env.globals[name] = _placeholder_function(name)


@dataclass(frozen=True)
class UnknownHelpers:
    """Filters, tests and called globals a template uses that an environment does not define."""

    filters: tuple[str, ...] = ()
    tests: tuple[str, ...] = ()
    functions: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.filters or self.tests or self.functions)

    def describe(self) -> str:
        parts = []
        if self.filters:
            parts.append(f"filter{'s' if len(self.filters) > 1 else ''} {_names(self.filters)}")
        if self.tests:
            parts.append(f"test{'s' if len(self.tests) > 1 else ''} {_names(self.tests)}")
        if self.functions:
            parts.append(
                f"function{'s' if len(self.functions) > 1 else ''} {_names(self.functions)}"
            )
        return " and ".join(parts)


def _names(names: Sequence[str]) -> str:
    return ", ".join(f"`{n}`" for n in names)


def unknown_helpers(
    tree: nodes.Template, env: jinja2.Environment, declared: Set[str] = frozenset()
) -> UnknownHelpers:
    """What `tree` uses that `env` lacks; `declared`: names the template sets or imports itself.

    A called name is unknown when nothing in the template assigns it (a macro, a `set`,
    a loop variable) and the environment has no such global: it must come from the app.
    """
    filters: set[str] = set()
    tests: set[str] = set()
    functions: set[str] = set()
    local = set(declared)
    local.update(macro.name for macro in tree.find_all(nodes.Macro))
    local.update(name.name for name in tree.find_all(nodes.Name) if name.ctx != "load")
    for node in tree.find_all((nodes.Filter, nodes.Test, nodes.Call)):
        if isinstance(node, nodes.Filter) and node.name not in env.filters:
            filters.add(node.name)
        elif isinstance(node, nodes.Test) and node.name not in env.tests:
            tests.add(node.name)
        elif (
            isinstance(node, nodes.Call)
            and isinstance(node.node, nodes.Name)
            and node.node.name not in env.globals
            and node.node.name not in local
        ):
            functions.add(node.node.name)
    return UnknownHelpers(tuple(sorted(filters)), tuple(sorted(tests)), tuple(sorted(functions)))


def _passthrough(value: Any, *args: Any, **kwargs: Any) -> Any:
    return value


def _false_test(value: Any, *args: Any, **kwargs: Any) -> bool:
    return False


def _placeholder_function(name: str) -> Callable[..., str]:
    def call(*args: Any, **kwargs: Any) -> str:
        return f"<{name}()>"

    return call


REASONING_FIELDS = ("reasoning_content", "thinking", "reasoning")


def alias_reasoning(message: dict[str, Any]) -> dict[str, Any]:
    """The message as transformers (5.x) hands it to the template: reasoning under all names.

    Templates read reasoning as `reasoning_content` (Qwen, DeepSeek) or `thinking` (gpt-oss);
    transformers fills both from whichever the client sent.
    """
    reasoning = next(
        (message[key] for key in REASONING_FIELDS if message.get(key) is not None), None
    )
    if reasoning is None:
        return dict(message)
    return {"thinking": reasoning, **message, "reasoning_content": reasoning}


def parse_environment() -> jinja2.Environment:
    """An environment for parsing only: also accepts `{% do %}` used in app prompt templates."""
    return jinja2.Environment(extensions=[GenerationExtension, loopcontrols, do])
