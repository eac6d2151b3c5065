"""The checked tree as one project: which module each file is, so values can be followed
across imports (a clock in a helper of `utils.py`, formatted into a system prompt in
`agent.py`).

The index pass is cheap on purpose: module names come from paths and `__init__.py`
files alone, nothing is parsed. A module is parsed (libcst, as for its own check) and
indexed only when a value is followed into it, once per process; most files of a project
are never needed. Workers inherit the index by fork.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import libcst as cst

from promptlint.python.index import ModuleIndex, build_index, child_nodes
from promptlint.python.parse import parse_module

if TYPE_CHECKING:
    from promptlint.python.flow import Evaluator


@dataclass
class ForeignModule:
    """A module of the project as another module's analysis sees it."""

    name: str
    shown: str  # the path as findings show it
    text: str
    module: cst.Module
    index: ModuleIndex
    evaluator: Evaluator

    @cached_property
    def node_ids(self) -> frozenset[int]:
        """Every node of its tree that can hold code, by id: a reported node is looked for
        only in the module that holds it (its code may also occur as text elsewhere, in a
        comment)."""
        ids: set[int] = set()
        stack: list[cst.CSTNode] = [self.module]
        while stack:
            node = stack.pop()
            ids.add(id(node))
            stack.extend(child_nodes(node))
        return frozenset(ids)

    @cached_property
    def import_time_calls(self) -> set[int]:
        """Calls made while the module is imported (module or class body)."""
        return import_time_calls(self.index)


MAX_HOPS = 3  # modules followed through, one into the next, before giving up
MAX_CALLER_MODULES = 8  # modules parsed to read the callers of one function
_CALLED = re.compile(r"\b(\w+)\s*\(")  # a name called, as the text shows it


class Project:
    def __init__(
        self,
        files: Iterable[tuple[Path, str]],
        more: Callable[[], Iterable[tuple[Path, str]]] | None = None,
        *,
        reader: Callable[[ModuleIndex, Project, str], Evaluator],
    ) -> None:
        # `reader(index, project, module_name)` makes the evaluator of a followed module
        # (given by the front end, which owns the run's settings).
        self._reader = reader
        self._by_name: dict[str, tuple[Path, str]] = {}
        self._name_of: dict[str, str] = {}  # shown path -> module name
        self._add(files)
        self._more = more  # the rest of the tree around named files, listed on first need
        self._loaded: dict[str, ForeignModule | None] = {}
        self._callers: dict[tuple[str, str], list[ForeignModule]] = {}
        self._calls: dict[str, list[str]] | None = None  # see `_called_names`
        self.hops = 0

    @contextmanager
    def hop(self) -> Iterator[None]:
        """One step of value flow into another module (bounded by the evaluator's MAX_HOPS)."""
        self.hops += 1
        try:
            yield
        finally:
            self.hops -= 1

    def _add(self, files: Iterable[tuple[Path, str]]) -> None:
        for path, shown in files:
            names = _module_names(path)
            for name in names:
                self._by_name.setdefault(name, (path, shown))
            if names:
                self._name_of.setdefault(shown, names[0])

    def module_name(self, shown: str) -> str | None:
        return self._name_of.get(shown)

    def is_function_of(
        self, qualname: str, importer: str | None, module: str, function: str
    ) -> bool:
        """Whether `qualname`, as module `importer` imports it, names `function` of
        `module` (without loading either: the caller's check has parsed it already)."""
        absolute = self._absolute(qualname, importer)
        if absolute is None:
            return False
        head, _, last = absolute.rpartition(".")
        target = self._by_name.get(module)
        return last == function and target is not None and self._by_name.get(head) == target

    def _absolute(self, qualname: str, importer: str | None) -> str | None:
        if not qualname.startswith("."):
            return qualname
        if importer is None:
            return None
        level = len(qualname) - len(qualname.lstrip("."))
        package = importer.split(".")[: -level or None]
        return ".".join([*package, qualname.lstrip(".")])

    def resolve(self, qualname: str, importer: str | None) -> tuple[ForeignModule, str] | None:
        """The module of the project `qualname` points into, and the rest of the name
        (`pkg.prompts.SYSTEM` -> (pkg.prompts, "SYSTEM")). Relative names (`..util.now`)
        are resolved against `importer`, the importing module's name."""
        absolute = self._absolute(qualname, importer)
        if absolute is None:
            return None
        parts = absolute.split(".")
        if self._more is not None and not any(
            ".".join(parts[:cut]) in self._by_name for cut in range(len(parts) - 1, 0, -1)
        ):
            more, self._more = self._more, None
            self._add(more())
        for cut in range(len(parts) - 1, 0, -1):
            name = ".".join(parts[:cut])
            if name in self._by_name:
                found = self._load(name)
                return None if found is None else (found, ".".join(parts[cut:]))
        return None

    def _load(self, name: str) -> ForeignModule | None:
        if name in self._loaded:
            return self._loaded[name]
        self._loaded[name] = None  # while loading (an import cycle) and if it fails
        path, shown = self._by_name[name]
        try:
            text = path.read_text(encoding="utf-8")
            module = parse_module(text)
            index = build_index(module)
        except (OSError, UnicodeDecodeError, cst.ParserSyntaxError, RecursionError, MemoryError):
            return None  # its own check reports it
        found = ForeignModule(name, shown, text, module, index, self._reader(index, self, name))
        self._loaded[name] = found
        return found

    def modules_calling(self, module: str, function: str) -> list[ForeignModule] | None:
        """The modules of the project other than `module` whose text calls `function` by
        name (`function(`), indexed: where the callers of a function of `module` are. The
        names called in each file are read once, by a regular expression over its text,
        so only the few files that call the name are parsed; the answer is kept."""
        key = (module, function)
        found = self._callers.get(key)
        if found is not None:
            return found
        files = self._called_names().get(function, ())
        if len(files) > MAX_CALLER_MODULES:
            return None  # a helper used all over: not worth parsing every caller
        found = []
        for shown in files:
            name = self._name_of[shown]
            if name != module:
                loaded = self._load(name)
                if loaded is not None:
                    found.append(loaded)
        self._callers[key] = found
        return found

    def _called_names(self) -> dict[str, list[str]]:
        """Name -> the files (shown paths) with a call `name(` in their text."""
        if self._calls is not None:
            return self._calls
        if self._more is not None:
            more, self._more = self._more, None
            self._add(more())
        calls: dict[str, list[str]] = {}
        for shown, name in sorted(self._name_of.items()):
            path, owner = self._by_name[name]
            if owner != shown:
                continue  # another file holds the name: this one is never imported by it
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            for called in set(_CALLED.findall(text)):
                calls.setdefault(called, []).append(shown)
        self._calls = calls
        return calls

    def parsed(self, shown: str, text: str) -> tuple[cst.Module, ModuleIndex] | None:
        """The tree and index of a file already followed into in this process, if it still
        holds `text`: its own check then need not parse it again. (Not the other way round:
        keeping every checked file's tree for a later follow would hold most of a worker's
        files in memory.)"""
        name = self._name_of.get(shown)
        found = self._loaded.get(name) if name is not None else None
        if found is None or found.shown != shown or found.text != text:
            return None
        return found.module, found.index

    def at_import(self, node: cst.CSTNode) -> bool:
        return any(id(node) in m.import_time_calls for m in self.loaded())

    def loaded(self) -> list[ForeignModule]:
        return [m for m in self._loaded.values() if m is not None]


def import_time_calls(index: ModuleIndex) -> set[int]:
    return {id(site.node) for site in index.calls if site.scope.kind != "function"}


def _module_names(path: Path) -> list[str]:
    """Dotted names a file is imported by: its package chain (folders with `__init__.py`),
    then shorter ones for namespace packages and `src/` layouts."""
    parts = [path.stem] if path.stem != "__init__" else []
    folder = path.parent
    # `Path(".")` is its own parent: a checked tree whose root holds an `__init__.py`, run
    # as `check .` from inside it, ends the chain there.
    while folder != folder.parent and (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    if not parts:
        return []
    full = ".".join(parts)
    # Without __init__.py up the tree (namespace packages): also the names from the
    # folders above, up to three levels.
    out = [full]
    extra = folder
    for _ in range(3):
        if extra.name in ("", "src") or extra == extra.parent:
            break
        full = f"{extra.name}.{full}"
        out.append(full)
        extra = extra.parent
    return out
