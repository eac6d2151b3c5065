"""One registry of rules for every language, filled by `Rule.__init_subclass__`.

The catalogue lives in `rules/` (installed as `promptlint.rules`); the core never imports
it by name but loads it with importlib when `check` or `rules` runs (DESIGN.md).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from promptlint.errors import UserError

if TYPE_CHECKING:
    from promptlint.check.rule import Rule

_RULES: dict[tuple[str, str], type[Rule]] = {}  # (LANGUAGE, CODE) -> rule
_loaded = False


def register(rule: type[Rule]) -> None:
    key = (rule.LANGUAGE, rule.CODE)
    existing = _RULES.get(key)
    if existing is not None and existing.__qualname__ != rule.__qualname__:
        raise RuntimeError(f"rule code {rule.CODE} ({rule.LANGUAGE}) registered twice")
    _RULES[key] = rule


def load_rules() -> None:
    """Import the rule catalogue once (it registers itself)."""
    global _loaded
    if not _loaded:
        importlib.import_module("promptlint.rules")
        _loaded = True


def all_rules(language: str | None = None) -> list[type[Rule]]:
    load_rules()
    rules = [r for (lang, _), r in _RULES.items() if language is None or lang == language]
    return sorted(rules, key=lambda r: (r.CODE, r.LANGUAGE))


def known_selectors() -> set[str]:
    return {r.CODE for r in all_rules()} | {r.NAME for r in all_rules()}


def rules_for(selector: str) -> list[type[Rule]]:
    """Rules matching a code, a code prefix (`PL1`, `PL`), or a kebab-case name.

    An unknown selector is a UserError (exit 2): a typo must not silently select nothing.
    """
    sel = selector.strip()
    if not sel:
        raise UserError("empty rule selector")
    upper = sel.upper()
    found = [r for r in all_rules() if r.CODE.startswith(upper) or sel.lower() == r.NAME]
    if upper == "ALL":
        found = all_rules()
    if not found:
        raise UserError(f"unknown rule code or name: {selector!r} (see `promptlint rules`)")
    return found
