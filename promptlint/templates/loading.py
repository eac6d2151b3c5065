"""Find the Jinja templates in a file, and map template positions back to that file.

A `.jinja`/`.jinja2`/`.j2` file is one template, and so is a `.prompt` / `.prompty` file
with role sections (`# instruction`, `# input`, `# output`; Prompty's `system:`, `user:`).
`chat_template.json` and `tokenizer_config.json` embed chat templates as JSON strings:
`chat_template` is either a string or a list of `{"name": ..., "template": ...}` (one per
named template, e.g. `default` and `tool_use`); each is checked on its own. Findings in
embedded templates are placed in the JSON file (so editors and SARIF viewers land on the
right spot) and also carry the template's own line and column and the JSON path.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path, PurePath

from promptlint.check.template_files import (
    CHAT_TEMPLATE_FILES,
    JSON_TEMPLATE_FILES,
    PROMPT_FILE_SUFFIXES,
)
from promptlint.templates.sections import Section, is_prompty, role_sections


class TemplateLoadError(Exception):
    """The file is not a readable template container (e.g. malformed JSON)."""

    def __init__(self, reason: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.column = column


@dataclass(frozen=True)
class TemplateSource:
    """One template: its text, where it lives, and how its offsets map into the file."""

    path: str
    source: str
    # JSON path of an embedded template ("chat_template", "chat_template[1].template").
    json_path: str | None = None
    # Name of a named chat template ("default", "tool_use", "rag").
    name: str | None = None
    # File text (the JSON document for embedded templates, else the template itself).
    file_text: str = ""
    # For embedded templates: file offset of each template character, plus one past the end.
    file_offsets: tuple[int, ...] | None = None
    _template_line_starts: list[int] = field(default_factory=list, compare=False, repr=False)
    _file_line_starts: list[int] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._template_line_starts.extend(_line_starts(self.source))
        self._file_line_starts.extend(_line_starts(self.file_text or self.source))

    @property
    def embedded(self) -> bool:
        return self.json_path is not None

    @property
    def is_chat_file(self) -> bool:
        return PurePath(self.path).name.lower() in CHAT_TEMPLATE_FILES

    @cached_property
    def sections(self) -> tuple[Section, ...]:
        """Its role sections (`# system`, Prompty's `user:`), parsed once."""
        return role_sections(self.source, is_prompty(self.path))

    @property
    def label(self) -> str:
        return f"{self.path} [{self.json_path}]" if self.json_path else self.path

    def template_offset(self, line: int, column: int = 1) -> int:
        """Character offset of a 1-based template line and column (clamped to the text)."""
        starts = self._template_line_starts
        line = min(max(line, 1), len(starts))
        return min(starts[line - 1] + max(column, 1) - 1, len(self.source))

    def file_position(self, line: int, column: int = 1) -> tuple[int, int]:
        """The file's 1-based line and column for a template line and column."""
        if self.file_offsets is None:
            return line, column
        offset = self.file_offsets[self.template_offset(line, column)]
        return _position(self._file_line_starts, offset)

    def line_text(self, line: int) -> str:
        """Text of a 1-based template line (without its newline)."""
        starts = self._template_line_starts
        if not 1 <= line <= len(starts):
            return ""
        end = starts[line] - 1 if line < len(starts) else len(self.source)
        return self.source[starts[line - 1] : end]


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts.extend(m.end() for m in re.finditer("\n", text))
    return starts


def _position(starts: list[int], offset: int) -> tuple[int, int]:
    idx = bisect_right(starts, offset) - 1
    return idx + 1, offset - starts[idx] + 1


def load_templates(path: str, text: str) -> list[TemplateSource]:
    """The prompt templates `text` (the content of `path`) holds: [] when a JSON file has
    none, and for a `.prompt` file without role sections (templates that generate code,
    configuration or a web page are left out by their names, `is_template_path` in
    check/template_files.py, and by `is_page` / `extends_page`)."""
    name = PurePath(path).name.lower()
    if name in JSON_TEMPLATE_FILES:
        return _load_json(path, text)
    source = TemplateSource(path=path, source=text, file_text=text)
    if name.endswith(PROMPT_FILE_SUFFIXES) and not source.sections:
        return []
    return [source]


def load_template_file(path: Path) -> list[TemplateSource]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TemplateLoadError(f"cannot read: {exc}") from exc
    return load_templates(str(path), text)


def _load_json(path: str, text: str) -> list[TemplateSource]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TemplateLoadError(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno) from exc
    if not isinstance(doc, dict) or "chat_template" not in doc:
        return []
    value = doc["chat_template"]
    found: list[tuple[str, str | None, str]] = []  # (json path, name, template)
    if isinstance(value, str):
        found.append(("chat_template", None, value))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            if not (isinstance(item, dict) and isinstance(item.get("template"), str)):
                raise TemplateLoadError(
                    f"chat_template[{i}] is not an object with a string 'template'"
                )
            name = item.get("name")
            found.append(
                (
                    f"chat_template[{i}].template",
                    name if isinstance(name, str) else None,
                    item["template"],
                )
            )
    elif value is not None:
        raise TemplateLoadError("chat_template is neither a string nor a list of named templates")
    used: set[int] = set()
    out = []
    for json_path, tname, source in found:
        offsets = _locate_string(text, source, used)
        out.append(
            TemplateSource(
                path=path,
                source=source,
                json_path=json_path,
                name=tname,
                file_text=text,
                file_offsets=offsets,
            )
        )
    return out


_KEY_RE = re.compile(r'"(?:chat_template|template)"\s*:\s*"')


def _locate_string(text: str, value: str, used: set[int]) -> tuple[int, ...] | None:
    """File offsets of each character of the JSON string literal that decodes to `value`."""
    for match in _KEY_RE.finditer(text):
        start = match.end()  # just after the opening quote
        if start in used:
            continue
        try:
            decoded, end = json.decoder.scanstring(text, start)  # type: ignore[attr-defined]
        except ValueError:
            continue
        if decoded != value:
            continue
        offsets = _escape_offsets(text, start, end - 1)
        if len(offsets) != len(value) + 1:
            return None
        used.add(start)
        return tuple(offsets)
    return None


def _escape_offsets(text: str, start: int, close: int) -> list[int]:
    """Offsets of each decoded character of the raw JSON string text[start:close]."""
    offsets: list[int] = []
    i = start
    while i < close:
        offsets.append(i)
        if text[i] != "\\":
            i += 1
        elif text[i + 1] != "u":
            i += 2
        else:
            code = int(text[i + 2 : i + 6], 16)
            pair = text[i + 6 : i + 8] == "\\u" and 0xD800 <= code < 0xDC00
            if pair and 0xDC00 <= int(text[i + 8 : i + 12], 16) < 0xE000:
                i += 12  # a surrogate pair decodes to one character
            else:
                i += 6
    offsets.append(close)
    return offsets
