"""The template analysis the static Jinja rules share."""

from __future__ import annotations

from promptlint.templates.analysis import (
    TemplateAnalysis,
    analyse,
    is_clock_name,
    is_per_request_name,
)
from promptlint.templates.loading import TemplateSource


def analysis_of(source: str, path: str = "t.jinja") -> TemplateAnalysis:
    return analyse(TemplateSource(path=path, source=source, file_text=source))


def test_regions_relative_to_the_printing_loop() -> None:
    a = analysis_of(
        "{%- for m in messages[::-1] %}{% set last = loop.index0 %}{% endfor %}\n"
        "{{ 'header' }}\n"
        "{%- for m in messages %}\n"
        "{%- if m.role == 'system' %}{{ m.content }}{% else %}{{ m.role }}{% endif %}\n"
        "{%- endfor %}\n"
        "{{ 'footer' }}\n"
    )
    assert a.conversation_loop is not None and a.conversation_loop.lineno == 3
    regions = [(p.line, a.region(p)) for p in a.printed]
    assert regions == [(2, "before"), (4, "before"), (4, "inside"), (6, "after")]


def test_clock_values_flow_through_set_and_namespaces() -> None:
    a = analysis_of(
        "{%- set ns = namespace(today='') %}\n"
        "{%- set ns.today = strftime_now('%Y-%m-%d') %}\n"
        "{%- set stamp = 'Date: ' + ns.today %}\n"
        "{{ stamp }}\n"
    )
    (printed,) = a.printed
    (source,) = a.sources_in(printed.expr)
    assert (source.kind, source.label, source.line, source.via) == (
        "clock",
        "strftime_now(...)",
        2,
        "stamp",
    )


def test_inputs_with_a_fallback() -> None:
    a = analysis_of(
        "{%- if not date_string is defined %}{% set date_string = '26 Jul 2024' %}{% endif %}\n"
        "{{ date_string }}"
    )
    (source,) = a.sources_in(a.printed[0].expr)
    assert source.is_input and source.fallback == "26 Jul 2024"


def test_names() -> None:
    assert is_clock_name("date_string") and is_clock_name("request_time")
    assert not is_clock_name("knowledge_cutoff_date") and not is_clock_name("user_name")
    assert is_per_request_name("user_name") and is_per_request_name("retrieved_context")
    assert not is_per_request_name("model_name")


def test_chat_detection_and_user_turn_files() -> None:
    assert analysis_of("{{ messages[0].content }}").is_chat
    assert analysis_of("{{ x }}", path="chat_template.jinja").is_chat
    assert not analysis_of("{{ x }}").is_chat
    assert analysis_of("{{ now() }}", path="prompts/user_turn.j2").is_user_turn_file
    assert not analysis_of("{{ now() }}", path="prompts/system.j2").is_user_turn_file
