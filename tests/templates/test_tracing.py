"""Tracing rendered output back to template lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptlint.templates.sandbox import Sandbox
from promptlint.templates.tracing import _line_map, render_traced

DATA = Path(__file__).parent.parent / "data" / "templates"


@pytest.mark.parametrize("path", sorted(DATA.rglob("*.jinja")), ids=lambda p: p.name)
def test_line_map_agrees_with_jinja(path: Path) -> None:
    template = Sandbox().compile(path.read_text())
    lines = _line_map(template)
    last = max(code for _, code in template.debug_info) + 3
    assert [lines(i) for i in range(1, last)] == [
        template.get_corresponding_lineno(i) for i in range(1, last)
    ]


def test_each_output_piece_knows_its_line() -> None:
    template = Sandbox().compile(
        "{%- for m in messages %}\n"
        "{%- if m.role == 'system' %}\n"
        "{{- 'SYS:' + m.content }}\n"
        "{%- else %}\n"
        "{{- '<' + m.role + '>' }}{{ m.content }}\n"
        "{%- endif %}\n"
        "{%- endfor %}\n"
        "{%- macro f(x) %}[{{ x }}]{% endmacro %}\n"
        "{{ f('a') }} tail"
    )
    out = render_traced(
        template,
        {"messages": [{"role": "system", "content": "S"}, {"role": "user", "content": "U"}]},
    )
    assert out.text == "SYS:S<user>U[a] tail"
    assert [out.line_at(out.text.index(s)) for s in ("SYS", "<user>", "U[", "[a]", "tail")] == [
        3,
        5,
        5,
        9,
        9,
    ]


def test_errors_carry_template_lines() -> None:
    from promptlint.templates.tracing import error_line

    template = Sandbox().compile("line one\n{{ 1 + none }}\n")
    with pytest.raises(TypeError) as info:
        render_traced(template, {})
    assert error_line(info.value) == 2
