"""Finding templates in files and mapping their positions back into the file."""

from __future__ import annotations

import json
from pathlib import PurePath

import pytest

from promptlint.templates.loading import (
    TemplateLoadError,
    extends_page,
    is_page,
    is_template_path,
    load_templates,
)


@pytest.mark.parametrize(
    ("name", "matches"),
    [
        ("prompts/system.jinja", True),
        ("prompts/system.JINJA2", True),
        ("prompts/system.j2", True),
        ("model/chat_template.jinja", True),
        ("model/chat_template.json", True),
        ("model/tokenizer_config.json", True),
        ("model/config.json", False),
        ("model/template.txt", False),
        ("app.py", False),
        # Named for the file they generate: source code, configuration, a web page.
        ("cli/templates/server/bot.py.jinja2", False),
        ("cli/templates/pyproject.toml.jinja2", False),
        ("site/index.html.j2", False),
        ("prompts/system.md.j2", True),
        ("prompts/v1.2.jinja", True),
    ],
)
def test_is_template_path(name: str, matches: bool) -> None:
    assert is_template_path(PurePath(name)) is matches


def test_plain_template_positions_are_identity() -> None:
    (src,) = load_templates("a.jinja", "line one\n  {{ x }}\n")
    assert not src.embedded
    assert src.file_position(2, 3) == (2, 3)
    assert src.line_text(2) == "  {{ x }}"
    assert src.template_offset(2, 3) == len("line one\n  ")


def test_tokenizer_config_string_maps_template_positions_into_the_json_file() -> None:
    template = "{{ bos_token }}\n{%- for m in messages %}\n  é {{ m.content }}\n{%- endfor %}"
    text = json.dumps({"bos_token": "<s>", "chat_template": template}, indent=2)
    (src,) = load_templates("model/tokenizer_config.json", text)
    assert src.source == template
    assert src.json_path == "chat_template"
    assert src.is_chat_file
    # `{{ m.content }}` is at template line 3, column 5 (after two spaces, é and a space).
    line, column = src.file_position(3, 5)
    file_line = text.splitlines()[line - 1]
    assert file_line[column - 1 :].startswith("{{ m.content }}")


def test_escaped_unicode_and_surrogate_pairs_keep_offsets_right() -> None:
    template = "a\u00e9\U0001f600\n{{ x }}"
    text = json.dumps({"chat_template": template}, ensure_ascii=True)  # \u00e9, \ud83d\ude00
    (src,) = load_templates("chat_template.json", text)
    line, column = src.file_position(2, 1)
    assert line == 1
    assert text[column - 1 :].startswith("{{ x }}")


def test_named_templates_are_each_loaded_with_their_json_path() -> None:
    doc = {
        "chat_template": [
            {"name": "default", "template": "{{ messages[0].content }}"},
            {"name": "tool_use", "template": "{% for t in tools %}{{ t }}{% endfor %}"},
        ]
    }
    text = json.dumps(doc, indent=1)
    srcs = load_templates("tokenizer_config.json", text)
    assert [(s.name, s.json_path) for s in srcs] == [
        ("default", "chat_template[0].template"),
        ("tool_use", "chat_template[1].template"),
    ]
    line, column = srcs[1].file_position(1, 1)
    assert text.splitlines()[line - 1][column - 1 :].startswith("{% for t in tools %}")
    assert srcs[1].label == "tokenizer_config.json [chat_template[1].template]"


def test_identical_named_templates_map_to_their_own_strings() -> None:
    doc = {
        "chat_template": [
            {"name": "a", "template": "{{ x }}"},
            {"name": "b", "template": "{{ x }}"},
        ]
    }
    text = json.dumps(doc, indent=1)
    a, b = load_templates("tokenizer_config.json", text)
    assert a.file_position(1, 1) != b.file_position(1, 1)


def test_tokenizer_config_without_chat_template_has_no_templates() -> None:
    assert load_templates("tokenizer_config.json", '{"bos_token": "<s>"}') == []


def test_invalid_json_is_a_load_error_with_position() -> None:
    with pytest.raises(TemplateLoadError) as info:
        load_templates("chat_template.json", '{\n  "chat_template": "x",\n}')
    assert "invalid JSON" in info.value.reason
    assert info.value.line == 3


@pytest.mark.parametrize("value", ['{"chat_template": 3}', '{"chat_template": [{"name": "x"}]}'])
def test_malformed_chat_template_field_is_a_load_error(value: str) -> None:
    with pytest.raises(TemplateLoadError):
        load_templates("tokenizer_config.json", value)


def test_a_template_extending_an_html_page_is_a_page(tmp_path) -> None:
    """A web UI's templates (`{% extends "templates/base.jinja2" %}` over a page) are not
    prompts: the parent is found from the template's folder upwards."""
    pages = tmp_path / "public" / "templates"
    pages.mkdir(parents=True)
    (pages / "base.jinja2").write_text(
        '<!DOCTYPE html>\n<html lang="en">{% block content %}{% endblock %}</html>\n'
    )
    child = pages / "search.jinja2"
    child.write_text(
        '{% extends "templates/base.jinja2" %}\n'
        "{% block content %}<p>{{ query }}</p>{% endblock %}\n"
    )
    prompt = pages / "system.jinja2"
    prompt.write_text('{% extends "templates/prompt_base.jinja2" %}\n')
    (pages / "prompt_base.jinja2").write_text("You are a helpful assistant.\n")
    assert is_page((pages / "base.jinja2").read_text())
    assert extends_page(str(child), child.read_text())
    assert not extends_page(str(prompt), prompt.read_text())
    assert not extends_page(str(tmp_path / "missing.jinja2"), '{% extends "nowhere.jinja2" %}')
