"""Jinja prompt templates rendered from Python: which template a `.render(...)` call fills.

A prompt kept in a template file and rendered per request puts the request's values where
the template prints them: the order of per-request values and static text is decided in the
template, the values in the Python call. This module finds the template's text from the
render call, for the shapes applications use:

- `env.from_string(TEXT).render(...)`, `jinja2.Template(TEXT).render(...)`, with TEXT a
  string literal, a name bound to one, `open(PATH).read()` or `Path(PATH).read_text()`
  (`.strip()` and the like kept), directly or through names of the function or module;
- `env.get_template(NAME).render(...)`, with NAME a literal found beside the file, in a
  folder above it, or in a `templates` / `prompts` folder there.

PATH is a literal, `os.path.join` of literals, or either beside `__file__`; a relative path
is read from the file's folder or the first folder above it that holds it (applications
open their templates relative to the project's root, their working directory).

TEXT may also be any expression the evaluator finds to be static text (a constant of another
module, a field of a settings object built in the code), or a setting read from the
project's TOML files: `get_settings().review_prompt.system` is the string `system` of the
table `[review_prompt]` in a TOML file beside the code or in a `settings` / `config` folder
above it (the settings loaders applications use, Dynaconf and the like, read such files).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import libcst as cst

from promptlint.check.not_prompts import is_page
from promptlint.python.index import Scope, dotted, key_of, string_value
from promptlint.python.values import Static, static_text

if TYPE_CHECKING:
    from promptlint.python.flow import Evaluator

MAX_UP = 6  # folders above the file searched for a relative template path
TEMPLATE_DIRS = ("", "templates", "prompts")
_TEXT_KEEPING = frozenset({"strip", "lstrip", "rstrip"})
_RESOLVE_DEPTH = 8


@dataclass(frozen=True)
class TemplateText:
    """A template's source and where it was read from (`path` None: a literal in the code)."""

    source: str
    path: Path | None
    line: int = 1  # the line of `path` the template's first line is on


def rendered_template(
    call: cst.Call,
    scope: Scope,
    at: int,
    file_path: str,
    evaluator: Evaluator | None = None,
) -> TemplateText | None:
    """The template `call` (a `.render(...)`) fills, when its text can be found."""
    func = call.func
    if mustache_render(call, evaluator) and call.args:
        # `chevron.render(TEXT, data)`: the template is the first argument, in Mustache.
        text = _text(call.args[0].value, scope, at, Path(file_path).parent, 0)
        source = _mustache_as_jinja(text.source) if text is not None else None
        return TemplateText(source, text.path, text.line) if text and source else None
    if not isinstance(func, cst.Attribute) or func.attr.value not in ("render", "render_async"):
        return None
    made = _origin(func.value, scope, at, 0)
    if not isinstance(made, cst.Call):
        return None
    callee = made.func
    last = (
        callee.attr.value
        if isinstance(callee, cst.Attribute)
        else callee.value
        if isinstance(callee, cst.Name)
        else ""
    )
    if not made.args:
        return None
    arg = made.args[0].value
    if last in ("from_string", "Template"):
        here = Path(file_path).parent
        text = _text(arg, scope, at, here, 0)
        if text is None and evaluator is not None:
            text = _evaluated(arg, scope, at, here, evaluator)
        return text
    if last == "get_template":
        literal = _literal(_origin(arg, scope, at, 0))
        if literal is None:
            return None
        found = _find(literal, Path(file_path).parent, TEMPLATE_DIRS)
        return _read(found) if found is not None else None
    return None


# Functions that render a Mustache template with a mapping: `render(template, data)`.
MUSTACHE_RENDERS = frozenset({"chevron.render", "pystache.render"})
# A Mustache tag: `{{{name}}}`, or `{{` with an optional sigil (`#` section, `^` inverted
# section, `/` end, `!` comment, `>` partial, `&` unescaped) and a name, then `}}`.
_MUSTACHE_TAG = re.compile(
    r"\{\{\{\s*([^}]*?)\s*\}\}\}|\{\{\s*([#^/!>&]?)\s*(.*?)\s*\}\}", re.DOTALL
)


def mustache_render(call: cst.Call, evaluator: Evaluator | None) -> bool:
    """Whether `call` renders a Mustache template (`chevron.render(TEXT, data)`)."""
    name = evaluator.qualname(call.func) if evaluator is not None else dotted(call.func)
    return name in MUSTACHE_RENDERS


def _mustache_as_jinja(source: str) -> str | None:
    """A Mustache template as the Jinja template that prints the same pieces in the same
    places: a section (`{{#name}}...{{/name}}`, printed when `name` is set, once per item
    of a list) or an inverted one (`{{^name}}`) is an `{% if %}`, `{{.}}` the current
    item. Lines are kept, so a piece's line is the Mustache file's. None when the text
    holds Jinja syntax of its own (it would not read as the same template)."""
    if "{%" in _MUSTACHE_TAG.sub("", source) or "{#" in _MUSTACHE_TAG.sub("", source):
        return None

    def tag(m: re.Match[str]) -> str:
        if m.group(1) is not None:
            sigil, name = "&", m.group(1)
        else:
            sigil, name = m.group(2), m.group(3)
        name = "_item" if name == "." else name
        keep = "\n" * m.group(0).count("\n")
        if sigil == "#":
            return f"{{% if {name} %}}{keep}"
        if sigil == "^":
            return f"{{% if not {name} %}}{keep}"
        if sigil == "/":
            return f"{{% endif %}}{keep}"
        if sigil in ("!", ">"):
            return keep  # a comment, or a partial we do not follow
        return f"{{{{ {name} }}}}{keep}"

    return _MUSTACHE_TAG.sub(tag, source)


def _origin(
    expr: cst.BaseExpression, scope: Scope, at: int, depth: int
) -> cst.BaseExpression | None:
    """The expression a name (or `self.attr`, set once in the class) was last bound to
    before `at` (itself when not a name)."""
    if depth > _RESOLVE_DEPTH:
        return None
    key = key_of(expr, scope) if isinstance(expr, cst.Attribute) else None
    if key is not None and scope.class_scope is not None:
        sets = [ev for ev in scope.class_scope.events.get(key, ()) if ev.kind == "assign"]
        if len(sets) == 1 and sets[0].value is not None:
            return _origin(sets[0].value, sets[0].owner or scope, 10**9, depth + 1)
        return expr
    if not isinstance(expr, cst.Name):
        return expr
    s: Scope | None = scope
    while s is not None:
        if s.kind == "class" and s is not scope:
            s = s.parent
            continue
        limit = at if s is scope else 10**9
        assigns = [
            ev
            for ev in s.events.get(expr.value, ())
            if ev.kind == "assign" and ev.end < limit and ev.value is not None
        ]
        if assigns:
            value = assigns[-1].value
            assert value is not None
            return _origin(value, assigns[-1].owner or s, 10**9, depth + 1)
        if expr.value in s.params:
            return None
        s = s.parent
    return None


def _literal(expr: cst.BaseExpression | None) -> str | None:
    if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
        return string_value(expr)
    return None


def _text(
    expr: cst.BaseExpression, scope: Scope, at: int, here: Path, depth: int
) -> TemplateText | None:
    origin = _origin(expr, scope, at, depth)
    if origin is None or depth > _RESOLVE_DEPTH:
        return None
    literal = _literal(origin)
    if literal is not None:
        return None if is_page(literal) else TemplateText(literal, None)
    if not isinstance(origin, cst.Call) or not isinstance(origin.func, cst.Attribute):
        return None
    method = origin.func.attr.value
    inner = origin.func.value
    if method in _TEXT_KEEPING:
        return _text(inner, scope, at, here, depth + 1)
    opens = method == "read" and isinstance(inner, cst.Call) and dotted(inner.func) == "open"
    if not (opens or method == "read_text") or not isinstance(inner, cst.Call):
        return None
    opened = inner
    if not opened.args:
        return None
    path = _path(_origin(opened.args[0].value, scope, at, depth + 1) or opened.args[0].value, here)
    if path is None:
        return None
    found = path if path.is_absolute() else _find(str(path), here, ("",))
    return _read(found) if found is not None else None


def _evaluated(
    expr: cst.BaseExpression, scope: Scope, at: int, here: Path, evaluator: Evaluator
) -> TemplateText | None:
    """Template text the evaluator knows to be static, else a setting of the project's TOML
    files named by the expression's attribute chain."""
    val = evaluator.eval(expr, scope, at)
    if val.parts is not None and all(isinstance(p, Static) for p in val.parts):
        text = static_text(val.parts)
        return TemplateText(text, None) if text.strip() and not is_page(text) else None
    origin = _origin(expr, scope, at, 0)
    names: list[str] = []
    while isinstance(origin, cst.Attribute):
        names.insert(0, origin.attr.value)
        origin = origin.value
    if len(names) < 2 or val.all_taints():
        return None
    return _setting(tuple(names), here)


# Folders beside the code and above it that hold an application's settings files.
SETTINGS_DIRS = ("", "settings", "config", "configs", "conf")
_MAX_SETTINGS_BYTES = 2_000_000


def _setting(names: tuple[str, ...], here: Path) -> TemplateText | None:
    """The string at `names` (`("review_prompt", "system")`, or a longer tail of the
    attribute chain) in the first TOML file, nearest the code first, that has it."""
    folder = here.resolve() if not here.is_absolute() else here
    for _ in range(MAX_UP + 1):
        for sub in SETTINGS_DIRS:
            for path in _toml_files(folder / sub if sub else folder):
                table = _toml(path)
                for start in range(len(names) - 1):
                    value: Any = table
                    for name in names[start:]:
                        value = value.get(name) if isinstance(value, dict) else None
                    if isinstance(value, str) and value.strip() and not is_page(value):
                        return TemplateText(value, path, _line_of(path, names[-1], value))
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


@lru_cache(maxsize=256)
def _toml_files(folder: Path) -> tuple[Path, ...]:
    try:
        return tuple(sorted(p for p in folder.glob("*.toml") if p.is_file()))
    except OSError:
        return ()


@lru_cache(maxsize=256)
def _toml(path: Path) -> dict[str, Any]:
    # Imported here: only a file that renders a template named by a setting pays for it.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        if path.stat().st_size > _MAX_SETTINGS_BYTES:
            return {}
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}  # not a settings file we can read: no template from it


def _line_of(path: Path, key: str, value: str) -> int:
    """The line of `path` where the string `value` of `key` starts (1 when not found)."""
    lines = value.splitlines()
    skip = next((i for i, line in enumerate(lines) if line.strip()), 0)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return 1
    assigned = re.search(rf"^\s*{re.escape(key)}\s*=", text, re.MULTILINE)
    start = assigned.start() if assigned is not None else 0
    at = text.find(lines[skip], start) if lines else -1
    return max(1, text.count("\n", 0, at) + 1 - skip) if at >= 0 else 1


def _path(expr: cst.BaseExpression, here: Path) -> Path | None:
    """A literal path, `os.path.join(...)` / `/` of literals, relative to `__file__`'s
    folder when it starts there."""
    literal = _literal(expr)
    if literal is not None:
        return Path(literal)
    if isinstance(expr, cst.Call):
        name = dotted(expr.func) or ""
        if name in ("os.path.join", "join", "Path", "pathlib.Path"):
            pieces = [_path(a.value, here) for a in expr.args]
            if not pieces or any(p is None for p in pieces):
                return None
            return Path(*[p for p in pieces if p is not None])
        if name in ("os.path.dirname", "dirname") and _is_file(expr.args):
            return here
        if name in ("os.path.abspath", "os.path.realpath") and expr.args:
            return _path(expr.args[0].value, here)
        return None
    if isinstance(expr, cst.Attribute) and expr.attr.value == "parent":
        if isinstance(expr.value, cst.Call) and _is_file(expr.value.args):
            return here  # Path(__file__).parent
        return None
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Divide):
        left, right = _path(expr.left, here), _path(expr.right, here)
        return left / right if left is not None and right is not None else None
    if isinstance(expr, cst.Name) and expr.value == "__file__":
        return None
    return None


def _is_file(args: tuple[cst.Arg, ...] | list[cst.Arg] | object) -> bool:
    seq = list(args) if isinstance(args, (tuple, list)) else []
    return len(seq) == 1 and isinstance(seq[0].value, cst.Name) and seq[0].value.value == "__file__"


def _find(relative: str, here: Path, subdirs: tuple[str, ...]) -> Path | None:
    folder = here.resolve() if not here.is_absolute() else here
    for _ in range(MAX_UP + 1):
        for sub in subdirs:
            candidate = folder / sub / relative if sub else folder / relative
            if candidate.is_file():
                return candidate
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


def _read(path: Path) -> TemplateText | None:
    if set(path.suffixes) & _PAGE_SUFFIXES:
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return None if is_page(text) else TemplateText(text, path)


# Templates of pages and documents, not of prompts.
_PAGE_SUFFIXES = frozenset({".html", ".htm", ".xml", ".css", ".js", ".svg"})


def shown(path: Path | None) -> str:
    """The template's path as the user reads it: relative to the working directory when
    inside it."""
    if path is None:
        return "the template"
    try:
        return os.path.relpath(path, Path.cwd()) if path.is_absolute() else str(path)
    except ValueError:
        return str(path)
