"""Render a compiled template and remember which template line printed each piece of output.

jinja2 compiles a template to a Python generator that yields the output piece by piece;
the compiled module keeps a map from its Python lines to template lines
(`Template.get_corresponding_lineno`). Stepping the generator and reading the line it is
suspended at tells which template line printed each chunk, so a difference found in
the rendered text can be pinned to the line of the template that produced it.
"""

from __future__ import annotations

import types
import weakref
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import jinja2


@dataclass
class Rendered:
    text: str
    # End offset (exclusive) of each output chunk, and the template line that printed it.
    chunk_ends: list[int] = field(default_factory=list)
    chunk_lines: list[int] = field(default_factory=list)

    def line_at(self, offset: int) -> int | None:
        """Template line that printed the character at `offset` (or the last one, at the end)."""
        if not self.chunk_ends:
            return None
        idx = bisect_right(self.chunk_ends, offset)
        return self.chunk_lines[min(idx, len(self.chunk_lines) - 1)]


class _LineMap:
    """Python line of the compiled template -> template line, by bisection.

    `Template.get_corresponding_lineno` re-parses the debug info on every call, which
    costs more than the render itself for large templates.
    """

    def __init__(self, template: jinja2.Template) -> None:
        pairs = sorted((code, tpl) for tpl, code in template.debug_info)
        self.code_lines = [code for code, _ in pairs]
        self.template_lines = [tpl for _, tpl in pairs]

    def __call__(self, code_line: int) -> int:
        idx = bisect_right(self.code_lines, code_line) - 1
        return self.template_lines[idx] if idx >= 0 else 1


_LINE_MAPS: weakref.WeakKeyDictionary[jinja2.Template, _LineMap] = weakref.WeakKeyDictionary()


def _line_map(template: jinja2.Template) -> _LineMap:
    found = _LINE_MAPS.get(template)
    if found is None:
        found = _LINE_MAPS[template] = _LineMap(template)
    return found


def _innermost_frame(gen: Any) -> types.FrameType | None:
    frame = None
    while gen is not None:
        frame = getattr(gen, "gi_frame", None) or frame
        gen = getattr(gen, "gi_yieldfrom", None)
    return frame


# A chat template renders a few kilobytes in a few hundred pieces for the synthetic
# conversations; this much output means a runaway loop.
MAX_OUTPUT_CHARS = 1_000_000
MAX_OUTPUT_PIECES = 100_000


class RenderTooLarge(jinja2.TemplateRuntimeError):
    """The template printed more than MAX_OUTPUT_CHARS for one conversation."""


def render_traced(
    template: jinja2.Template,
    variables: Mapping[str, Any],
    max_chars: int = MAX_OUTPUT_CHARS,
) -> Rendered:
    """Render like `template.render(**variables)`; errors are raised with template line numbers."""
    parts: list[str] = []
    out = Rendered("")
    try:
        lines = _line_map(template)
        ctx = template.new_context(dict(variables))
        gen = template.root_render_func(ctx)
        end = 0
        for chunk in gen:
            frame = _innermost_frame(gen)
            line = lines(frame.f_lineno) if frame else 0
            if not chunk:
                continue
            parts.append(chunk)
            end += len(chunk)
            out.chunk_ends.append(end)
            out.chunk_lines.append(line)
            if end > max_chars or len(parts) > MAX_OUTPUT_PIECES:
                raise RenderTooLarge(
                    f"the template printed more than {min(end, max_chars):,} characters in "
                    f"{len(parts):,} pieces for one short conversation (a runaway loop?)"
                )
    except Exception:
        # Re-raises the error with its traceback rewritten to template lines.
        template.environment.handle_exception()
    out.text = "".join(parts)
    return out


def error_line(exc: BaseException) -> int | None:
    """Template line of a rendering or syntax error, from jinja2's rewritten traceback."""
    if isinstance(exc, jinja2.TemplateSyntaxError):
        return exc.lineno
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
