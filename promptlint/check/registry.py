"""One registry of rules for every language, filled by `Rule.__init_subclass__`.

The catalogue lives in `rules/` (installed as `promptlint.rules`); the core never imports
it by name but loads it with importlib, one language at a time, when `check` finds a file
of that language or `rules` lists the catalogue (docs/architecture.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from promptlint.check.rule import REGISTERED as _RULES
from promptlint.check.rule import Rule
from promptlint.errors import UserError

_loaded: set[str] = set()  # languages whose rules are imported


def languages() -> tuple[str, ...]:
    catalogue = importlib.import_module("promptlint.rules")
    return tuple(getattr(catalogue, "LANGUAGES", ()))


def load_rules(langs: Iterable[str] | None = None) -> None:
    """Import the rules of `langs` (default: every language) once; they register themselves.

    Each language is loaded on its own: checking Python files never imports jinja2. A
    language the catalogue does not list has no rules (yet) and is skipped; a listed one
    is imported unguarded, so a packaging error shows instead of silently checking nothing.
    """
    known = languages()
    for language in known if langs is None else langs:
        if language in _loaded or language not in known:
            continue
        importlib.import_module(f"promptlint.rules.{language}")
        _loaded.add(language)


def all_rules(language: str | None = None) -> list[type[Rule]]:
    return rules_of(None if language is None else [language])


def rules_of(langs: Iterable[str] | None) -> list[type[Rule]]:
    """The rules of `langs` (None: every language), loading those languages."""
    wanted = None if langs is None else set(langs)
    load_rules(wanted)
    rules = [r for (lang, _), r in _RULES.items() if wanted is None or lang in wanted]
    return sorted(rules, key=lambda r: (r.CODE, r.LANGUAGE))


def _matching(selector: str, rules: Iterable[type[Rule]]) -> list[type[Rule]]:
    sel = selector.strip()
    upper = sel.upper()
    if upper == "ALL":
        return list(rules)
    return [r for r in rules if r.CODE.startswith(upper) or sel.lower() == r.NAME]


def rules_for(selector: str, langs: Iterable[str] | None = None) -> list[type[Rule]]:
    """Rules matching a code, a code prefix (`PL1`, `PL`), or a kebab-case name.

    With `langs`, only rules of those languages are returned (and only they are loaded
    when the selector names one of them). An unknown selector is a UserError (exit 2):
    a typo must not silently select nothing.
    """
    if not selector.strip():
        raise UserError("empty rule selector")
    if langs is not None:
        found = _matching(selector, rules_of(langs))
        if found:
            return found
    # Not among the loaded languages: validate against the whole catalogue.
    everything = _matching(selector, all_rules())
    if not everything:
        raise UserError(f"unknown rule code or name: {selector!r} (see `promptlint rules`)")
    if langs is None:
        return everything
    wanted = set(langs)
    return [r for r in everything if r.LANGUAGE in wanted]
