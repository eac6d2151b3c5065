"""The unsafe fix of the volatile-value rules: move the sentence that holds the value out
of the system prompt (or instructions) into the final user message.

Only where that is mechanical: the value sits in an f-string written directly as the
system content of the request, and the request ends with a user message whose content is
a plain expression (a name, a string, an f-string), or a string `input=`.
"""

from __future__ import annotations

import re

import libcst as cst

from promptlint.python.index import Walker, string_value

# Where a sentence or line ends: an escaped or real newline, or ". " / "! " / "? ".
_BOUNDARY = re.compile(r"(?:\\n|\n|(?<=[.!?])\s)")


class _PathFinder(Walker):
    def __init__(self, target: cst.CSTNode) -> None:
        self.target = target
        self.stack: list[cst.CSTNode] = []
        self.path: list[cst.CSTNode] | None = None

    def walk(self, node: cst.CSTNode) -> None:
        if self.path is not None:
            return
        self.stack.append(node)
        if node is self.target:
            self.path = list(self.stack)
        else:
            super().walk(node)
        self.stack.pop()


def path_to(root: cst.CSTNode, target: cst.CSTNode) -> list[cst.CSTNode] | None:
    finder = _PathFinder(target)
    finder.walk(root)
    return finder.path


def _field(d: cst.Dict, key: str) -> cst.DictElement | None:
    for el in d.elements:
        if (
            isinstance(el, cst.DictElement)
            and isinstance(el.key, cst.SimpleString)
            and string_value(el.key) == key
        ):
            return el
    return None


def _role(d: cst.Dict) -> str | None:
    el = _field(d, "role")
    if el is not None and isinstance(el.value, cst.SimpleString):
        return string_value(el.value)
    return None


def _content(d: cst.Dict) -> cst.DictElement | None:
    return _field(d, "content")


def _split(
    fs: cst.FormattedString, expr: cst.FormattedStringExpression
) -> tuple[list, list] | None:
    """(parts that stay, parts that move): the sentence or line around `expr`."""
    parts = list(fs.parts)
    k = next((i for i, p in enumerate(parts) if p is expr), None)
    if k is None:
        return None
    stay_left: list[cst.BaseFormattedStringContent] = []
    moved: list[cst.BaseFormattedStringContent] = [expr]
    i = k - 1
    while i >= 0:
        p = parts[i]
        if isinstance(p, cst.FormattedStringText):
            matches = list(_BOUNDARY.finditer(p.value))
            if matches:
                cut = matches[-1].end()
                if p.value[cut:]:
                    moved.insert(0, cst.FormattedStringText(p.value[cut:]))
                stay_left = [*parts[:i], cst.FormattedStringText(p.value[:cut])]
                break
        moved.insert(0, p)
        i -= 1
    stay_right: list[cst.BaseFormattedStringContent] = []
    j = k + 1
    while j < len(parts):
        p = parts[j]
        if isinstance(p, cst.FormattedStringText):
            m = _BOUNDARY.search(p.value)
            if m:
                moved.append(cst.FormattedStringText(p.value[: m.start()]))
                rest = p.value[m.end() :]
                stay_right = (
                    [cst.FormattedStringText(rest), *parts[j + 1 :]]
                    if rest or parts[j + 1 :]
                    else []
                )
                break
        moved.append(p)
        j += 1
    stay = [
        p
        for p in [*stay_left, *stay_right]
        if not (isinstance(p, cst.FormattedStringText) and not p.value)
    ]
    return stay, moved


def _as_string(fs: cst.FormattedString, parts: list) -> cst.BaseExpression:
    if any(isinstance(p, cst.FormattedStringExpression) for p in parts):
        return fs.with_changes(parts=parts)
    text = "".join(p.value for p in parts).rstrip()
    quote = fs.end
    return cst.SimpleString(f"{fs.start[1:]}{text}{quote}")


def _appended(
    old: cst.BaseExpression, fs: cst.FormattedString, moved: list
) -> cst.BaseExpression | None:
    sep = cst.FormattedStringText("\\n\\n")
    if isinstance(old, cst.FormattedString) and old.start == fs.start and old.end == fs.end:
        return old.with_changes(parts=[*old.parts, sep, *moved])
    if isinstance(old, (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.SimpleString)):
        if isinstance(old, cst.SimpleString) and old.value[-1:] not in ('"', "'"):
            return None
        inner = cst.FormattedStringExpression(expression=old)
        return fs.with_changes(parts=[inner, sep, *moved])
    return None


Replacement = tuple[cst.CSTNode, cst.CSTNode]


def move_to_final_turn(call: cst.Call, target: cst.CSTNode) -> list[Replacement] | None:
    """The (old node, new node) edits that move the value, or None when not mechanical."""
    path = path_to(call, target)
    if path is None:
        return None
    fs_index = next(
        (
            i
            for i in range(len(path) - 1, -1, -1)
            if isinstance(path[i], cst.FormattedStringExpression)
        ),
        None,
    )
    if fs_index is None or fs_index == 0 or not isinstance(path[fs_index - 1], cst.FormattedString):
        return None
    expr = path[fs_index]
    fs = path[fs_index - 1]
    assert isinstance(expr, cst.FormattedStringExpression) and isinstance(fs, cst.FormattedString)
    if "r" in fs.start.lower() or "b" in fs.start.lower():
        return None
    split = _split(fs, expr)
    if split is None:
        return None
    stay, moved = split
    holder = path[fs_index - 2] if fs_index >= 2 else None
    arg = next((n for n in path if isinstance(n, cst.Arg)), None)
    if arg is None or arg.keyword is None:
        return None
    kwargs = {a.keyword.value: a for a in call.args if a.keyword is not None}
    edits: list[Replacement] = [(fs, _as_string(fs, stay))]
    if arg.keyword.value in ("system", "instructions") and holder is arg:
        final = kwargs.get("messages") or kwargs.get("input")
        if final is None:
            return None
        if isinstance(final.value, cst.List):
            last = _last_user_content(final.value)
            if last is None:
                return None
            target_expr = last
        else:
            target_expr = final.value
    elif (
        arg.keyword.value == "messages"
        and isinstance(arg.value, cst.List)
        and isinstance(holder, cst.DictElement)
    ):
        owner = path[fs_index - 3] if fs_index >= 3 else None
        if not isinstance(owner, cst.Dict) or _role(owner) not in ("system", "developer"):
            return None
        last = _last_user_content(arg.value)
        if last is None or last is fs:
            return None
        target_expr = last
    else:
        return None
    appended = _appended(target_expr, fs, moved)
    if appended is None:
        return None
    edits.append((target_expr, appended))
    return edits


def _last_user_content(lst: cst.List) -> cst.BaseExpression | None:
    if not lst.elements:
        return None
    last = lst.elements[-1]
    if isinstance(last, cst.StarredElement) or not isinstance(last.value, cst.Dict):
        return None
    if _role(last.value) != "user":
        return None
    content = _content(last.value)
    return None if content is None else content.value


class _Replacer(cst.CSTTransformer):
    """Every edit in one pass (deep_replace rebuilds ancestors, losing the other targets)."""

    def __init__(self, edits: list[Replacement]) -> None:
        super().__init__()
        self.by_id = {id(old): new for old, new in edits}

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode) -> cst.CSTNode:  # type: ignore[override]
        return self.by_id.get(id(original_node), updated_node)


def apply_edits(
    module: cst.Module, text: str, edits: list[Replacement]
) -> tuple[int, int, str] | None:
    """The edits as one text replacement (start, end, new text) of `text`."""
    new_module = module.visit(_Replacer(edits))
    new_text = new_module.code
    if new_text == text:
        return None
    start = 0
    limit = min(len(text), len(new_text))
    while start < limit and text[start] == new_text[start]:
        start += 1
    end_old, end_new = len(text), len(new_text)
    while end_old > start and end_new > start and text[end_old - 1] == new_text[end_new - 1]:
        end_old -= 1
        end_new -= 1
    return start, end_old, new_text[start:end_new]
