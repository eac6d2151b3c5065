"""`[tool.promptlint]` in pyproject.toml, or promptlint.toml: what `check` reads.

Keys (all optional):
    select = ["PL1", "PL201"]           codes, prefixes or names; default: all rules
    ignore = ["PL104"]
    exclude = ["generated/", "*_pb2.py"]  gitignore-style patterns, added to the defaults
    per-file-ignores = { "tests/*" = ["PL101"] }
    volatile-callables = { "myapp.clock.now" = "timestamp" }   extra per-request sources
    prompt-sinks = ["myapp.llm.ask"]     extra calls whose arguments form a cacheable prefix
    include-tests = true                 also check test files (tests/, test_*.py, *_test.py,
                                         conftest.py), which are skipped by default
    one-shot-min-tokens = 100            static text after a per-request value in a one-shot
                                         prompt (a single user message from a template) is
                                         reported from this size (counted as 4 characters a
                                         token) for every request; by default the minimum of
                                         the cache the request goes to where the code says
                                         (1024 tokens at OpenAI, 4096 for Claude Haiku 4.5,
                                         100 at a self-hosted engine), else 1024
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from promptlint.errors import UserError

VOLATILE_KINDS = ("timestamp", "id", "random")
KNOWN_KEYS = {
    "select",
    "ignore",
    "exclude",
    "extend-exclude",
    "per-file-ignores",
    "volatile-callables",
    "prompt-sinks",
    "include-tests",
    "one-shot-min-tokens",
}
# One-shot prompts whose request does not say where it goes: the hosted APIs' minimum
# cacheable prefix (OpenAI, Gemini and the older Anthropic models: 1024 tokens), below
# which moving a template's static text ahead of the inputs gains nothing there. Where the
# code names the destination its own minimum applies (`python.destination`); a team's
# `one-shot-min-tokens` applies everywhere.
ONE_SHOT_MIN_TOKENS = 1024
# The minimum cacheable prefix of a destination, (provider, model) -> tokens, with the
# provider a cache policy's or LiteLLM's name, or None for "as the model's name says". The
# command hands in the price data's: the analysis itself knows no prices.
CacheMinimum = Callable[[str | None, str], int]
CHARS_PER_TOKEN = 4  # English prose in the common BPE vocabularies


@dataclass
class CheckConfig:
    """What the engine and the front ends need to know about the team's settings."""

    select: list[str] = field(default_factory=list)  # empty: every rule
    ignore: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    # qualified callable name -> "timestamp" | "id" | "random"
    volatile_callables: dict[str, str] = field(default_factory=dict)
    # qualified callable names whose arguments are a cacheable prefix (system text, tools)
    prompt_sinks: list[str] = field(default_factory=list)
    include_tests: bool = False  # test code sends no production traffic: skipped by default
    one_shot_min_tokens: int | None = None  # None: by destination (`one_shot_tokens`)
    cache_minimum: CacheMinimum | None = None  # None: only self-hosted destinations are known
    root: Path = field(default_factory=Path.cwd)  # paths in patterns are relative to it
    source: str | None = None  # the file the config came from

    def one_shot_tokens(self, destination_min: int | None = None) -> int:
        """The static text a one-shot template needs after a per-request value before it
        is reported: the team's setting, else the minimum of the cache the request goes to
        (`destination_min`, when the code names it), else the hosted APIs' 1024."""
        if self.one_shot_min_tokens is not None:
            return self.one_shot_min_tokens
        return destination_min if destination_min is not None else ONE_SHOT_MIN_TOKENS


def find_config(start: Path) -> Path | None:
    """The nearest promptlint.toml, or pyproject.toml with a [tool.promptlint] table."""
    here = start.resolve()
    if here.is_file():
        here = here.parent
    for folder in [here, *here.parents]:
        own = folder / "promptlint.toml"
        if own.is_file():
            return own
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_promptlint_table(pyproject):
            return pyproject
    return None


def _has_promptlint_table(path: Path) -> bool:
    try:
        return "[tool.promptlint" in path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


def load_config(path: Path | None) -> CheckConfig:
    if path is None:
        return CheckConfig()
    # Imported here: most runs have no config file, and start-up time counts.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read config {path}: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"invalid TOML in {path}: {exc}") from exc
    table: Any = data
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("promptlint", {})
    return parse_config(table, source=str(path), root=path.parent)


def parse_config(table: Mapping[str, Any], source: str, root: Path) -> CheckConfig:
    if not isinstance(table, Mapping):
        raise UserError(f"{source}: [tool.promptlint] must be a table")
    unknown = sorted(set(table) - KNOWN_KEYS)
    if unknown:
        raise UserError(
            f"{source}: unknown key {unknown[0]!r} (known: {', '.join(sorted(KNOWN_KEYS))})"
        )
    cfg = CheckConfig(root=root, source=source)
    cfg.select = _str_list(table, "select", source)
    cfg.ignore = _str_list(table, "ignore", source)
    cfg.exclude = _str_list(table, "exclude", source) + _str_list(table, "extend-exclude", source)
    pfi = table.get("per-file-ignores", {})
    if not isinstance(pfi, Mapping):
        raise UserError(f"{source}: per-file-ignores must be a table of pattern = [codes]")
    for pattern, codes in pfi.items():
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise UserError(f"{source}: per-file-ignores[{pattern!r}] must be a list of codes")
        cfg.per_file_ignores[str(pattern)] = list(codes)
    volatile = table.get("volatile-callables", {})
    if not isinstance(volatile, Mapping):
        raise UserError(f"{source}: volatile-callables must be a table of name = kind")
    for name, kind in volatile.items():
        if kind not in VOLATILE_KINDS:
            raise UserError(
                f"{source}: volatile-callables[{name!r}] = {kind!r}: "
                f"kind must be one of {', '.join(VOLATILE_KINDS)}"
            )
        cfg.volatile_callables[str(name)] = str(kind)
    cfg.prompt_sinks = _str_list(table, "prompt-sinks", source)
    include_tests = table.get("include-tests", False)
    if not isinstance(include_tests, bool):
        raise UserError(f"{source}: include-tests must be true or false")
    cfg.include_tests = include_tests
    min_tokens = table.get("one-shot-min-tokens")
    if min_tokens is not None and (
        not isinstance(min_tokens, int) or isinstance(min_tokens, bool) or min_tokens < 1
    ):
        raise UserError(f"{source}: one-shot-min-tokens must be a positive integer")
    cfg.one_shot_min_tokens = min_tokens
    return cfg


def _str_list(table: Mapping[str, Any], key: str, source: str) -> list[str]:
    value = table.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UserError(f"{source}: {key} must be a list of strings")
    return list(value)
