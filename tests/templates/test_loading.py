"""Finding templates in files and mapping their positions back into the file."""

from __future__ import annotations

import json
from pathlib import PurePath

import pytest

from promptlint.check.not_prompts import extends_page, is_page
from promptlint.check.template_files import is_template_path
from promptlint.templates.loading import TemplateLoadError, load_templates


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
        ("prompts/query.prompt", True),
        ("prompts/support.prompty", True),
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


SECTIONED = """# instruction
You write search queries. Today's date is {{ today }}.

# input
User: who won the last world cup?

# output
2022 FIFA World Cup final winner

# input
{{ dlg_history }}
"""


def test_a_prompt_file_in_role_sections_is_a_template() -> None:
    (src,) = load_templates("prompts/query.prompt", SECTIONED)
    assert src.source == SECTIONED


@pytest.mark.parametrize(
    "text",
    [
        "Summarise {{ text }} in one line.\n",  # no sections: some other `.prompt` format
        "# Input\nA heading of a one-part prompt: {{ text }}\n",  # a lone user heading
        '---\nmodel: gemini\n---\n{{#if x}}{{role "system"}}{{/if}}\n',  # Handlebars
    ],
)
def test_other_prompt_files_are_not_read(text: str) -> None:
    assert load_templates("prompts/summary.prompt", text) == []


@pytest.mark.parametrize("name", ["cli/templates/bot.py.jinja2", "deploy/config.yaml.j2"])
def test_templates_named_for_the_code_they_generate_are_not_read(name: str) -> None:
    assert not is_template_path(PurePath(name))
    assert is_template_path(PurePath("prompts/search.jinja2"))


PROMPTY = """---
name: Support
model:
  api: chat
---
system:
You are the support assistant of Harbor. The date today is {{ today }}.

user:
{{ question }}
"""


def test_a_prompty_file_is_read_with_its_role_lines() -> None:
    (src,) = load_templates("prompts/support.prompty", PROMPTY)
    assert src.source == PROMPTY
    # `User:` alone on a line is a role only in Prompty files
    assert load_templates("prompts/support.prompt", PROMPTY) == []
