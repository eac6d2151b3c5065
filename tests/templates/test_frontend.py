"""`promptlint check` on templates: the Jinja front end through the engine and the CLI."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from promptlint.check import registry
from promptlint.check.config import CheckConfig
from promptlint.check.engine import check_text
from promptlint.templates.frontend import STABILITY_KINDS

DATA = Path(__file__).parent.parent / "data" / "templates"
TEMPLATES = sorted(p for p in DATA.rglob("*") if p.suffix in (".jinja", ".j2"))
JINJA_RULES = registry.all_rules("jinja")
CONFIG = CheckConfig(root=Path.cwd())


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", "check", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
    )


def test_every_jinja_rule_is_registered() -> None:
    assert {(r.CODE, r.NAME) for r in JINJA_RULES} == {
        ("PL101", "volatile-timestamp"),
        ("PL105", "date-input"),
        ("PL302", "render-incomplete"),
        ("PL103", "volatile-random"),
        ("PL104", "dynamic-before-static"),
        ("PL202", "schema-key-order"),
        ("PL301", "history-rewrite"),
    }


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_fixture_findings_match_the_expected_file(path: Path) -> None:
    expected = json.loads(Path(f"{path}.expected.json").read_text())
    want = {(code, line) for code, line in expected["rules"]}
    static_codes = {code for code, _ in expected["rules"]}
    for code, kind, line in expected["render"] or []:
        # A stability finding confirms the static finding of its code (one finding).
        if not (kind in STABILITY_KINDS and code in static_codes):
            want.add((code, line))
    # Scenarios the template raised on: one PL302 note per reason, at the raising line.
    want.update((code, line) for code, line in expected.get("notes", []))
    out = check_text(str(path), path.read_text(), JINJA_RULES, CONFIG)
    assert out.errors == []
    assert {(f.code, f.line) for f in out.findings} == want


def test_named_templates_in_tokenizer_config_are_each_checked(tmp_path: Path) -> None:
    doc = {
        "bos_token": "<s>",
        "chat_template": [
            {"name": "default", "template": (DATA / "chatml.jinja").read_text()},
            {"name": "tool_use", "template": (DATA / "date_in_system_header.jinja").read_text()},
        ],
    }
    text = json.dumps(doc, indent=2)
    out = check_text(str(tmp_path / "tokenizer_config.json"), text, JINJA_RULES, CONFIG)
    assert out.errors == []
    (finding,) = out.findings
    assert finding.code == "PL101"
    assert "[chat_template[1].template, template line 15:22]" in finding.message
    # The position is in the JSON file: the line holding the second template.
    json_line = text.splitlines()[finding.line - 1]
    assert '"template": "{{- bos_token }}' in json_line
    assert json_line[finding.column - 1 :].startswith("date_string")


def test_chat_template_json_string(tmp_path: Path) -> None:
    text = json.dumps({"chat_template": (DATA / "random_greeting.jinja").read_text()})
    out = check_text(str(tmp_path / "chat_template.json"), text, JINJA_RULES, CONFIG)
    assert [f.code for f in out.findings] == ["PL103"]
    assert "[chat_template, template line 2:43]" in out.findings[0].message


def test_bad_templates_are_errors_with_positions_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "broken.jinja").write_text("{% for m in messages %}\n{{ m.content }\n{% endfor %}")
    (tmp_path / "raises.jinja").write_text(
        "{% for m in messages %}\n{{ m.content ~ m.missing.deeper }}\n{% endfor %}"
    )
    (tmp_path / "tokenizer_config.json").write_text('{"chat_template": "{{ x }"}')
    (tmp_path / "chat_template.json").write_text("{not json")
    shutil.copy(DATA / "random_greeting.jinja", tmp_path / "random_greeting.jinja")
    proc = run_cli(str(tmp_path), "--format", "json")
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    result = json.loads(proc.stdout)
    errors = {Path(e["path"]).name: e for e in result["errors"]}
    assert errors["broken.jinja"]["line"] == 2
    assert "template syntax error" in errors["broken.jinja"]["reason"]
    assert errors["raises.jinja"]["line"] == 2
    assert "raises while rendering" in errors["raises.jinja"]["reason"]
    assert "[chat_template, template line 1]" in errors["tokenizer_config.json"]["reason"]
    assert "invalid JSON" in errors["chat_template.json"]["reason"]
    # The good file was still checked.
    assert [f["code"] for f in result["findings"]] == ["PL103"]


def test_text_output_and_exit_codes(tmp_path: Path) -> None:
    shutil.copy(DATA / "reasoning_stripped_earlier_turns.jinja", tmp_path / "chat_template.jinja")
    proc = run_cli(str(tmp_path / "chat_template.jinja"))
    assert proc.returncode == 1
    assert "chat_template.jinja:21:13: PL301 history-rewrite" in proc.stdout
    assert "In production: on every new user message" in proc.stdout
    clean = run_cli(str(DATA / "chatml.jinja"), str(DATA / "tools_sorted.jinja"))
    assert clean.returncode == 0, clean.stdout
    assert "All checks passed" in clean.stdout


def test_select_and_suppression_comment(tmp_path: Path) -> None:
    source = (DATA / "random_greeting.jinja").read_text().splitlines()
    source[1] += "{# promptlint: ignore[PL103] #}"
    (tmp_path / "greeting.jinja").write_text("\n".join(source))
    assert run_cli(str(tmp_path)).returncode == 0
    proc = run_cli(str(DATA), "--select", "PL301", "--format", "json")
    codes = {f["code"] for f in json.loads(proc.stdout)["findings"]}
    assert codes == {"PL301"}


def test_unsafe_fix_sorts_the_mapping_loop(tmp_path: Path) -> None:
    target = tmp_path / "tools.jinja"
    shutil.copy(DATA / "tool_properties_unsorted.jinja", target)
    assert run_cli(str(target), "--fix").returncode == 1  # unsafe: not applied by --fix
    assert ".items()" in target.read_text()
    run_cli(str(target), "--fix", "--unsafe-fixes")
    fixed = target.read_text()
    assert "properties|dictsort %}" in fixed and ".items()" not in fixed
    assert run_cli(str(target)).returncode == 0


def test_check_on_templates_imports_no_heavy_modules() -> None:
    code = (
        "import sys\n"
        "from promptlint.cli import main\n"
        "try:\n"
        f"    main(['check', {str(DATA)!r}, '--exit-zero'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('transformers', 'tokenizers', 'tiktoken', 'aiohttp', 'numpy')"
        " if m in sys.modules]\n"
        "print('HEAVY', heavy)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "HEAVY []" in proc.stdout, proc.stdout + proc.stderr


def test_prompt_templates_are_not_rendered(tmp_path: Path) -> None:
    # No `messages`: an app prompt template. Static rules only; an undefined input is fine.
    (tmp_path / "system.j2").write_text("Hello {{ missing.attr }} — {{ items | random }}\n")
    out = check_text(str(tmp_path / "system.j2"), "Hello {{ x | random }}\n", JINJA_RULES, CONFIG)
    assert out.errors == []
    assert [f.code for f in out.findings] == ["PL103"]
    assert "Rendering confirms" not in out.findings[0].message


def test_two_clock_values_on_one_line_with_the_render_check() -> None:
    source = (
        "{{ 'Now: ' + strftime_now('%H:%M') + ' ' + strftime_now('%d') + '\\n' }}"
        "{% for m in messages %}{{ m.content }}{% endfor %}"
    )
    out = check_text("two.jinja", source, JINJA_RULES, CONFIG)
    assert out.errors == []
    assert [f.code for f in out.findings] == ["PL101"]
    assert "Rendering confirms it" in out.findings[0].message


def test_templates_that_extend_others_get_static_rules_only() -> None:
    source = (
        '{% extends "base.jinja" %}{% block header %}{{ strftime_now("%H:%M") }}{% endblock %}'
        "{% block body %}{% for m in messages %}{{ m.content }}{% endfor %}{% endblock %}"
    )
    out = check_text("child.jinja", source, JINJA_RULES, CONFIG)
    assert out.errors == []
    assert [f.code for f in out.findings] == ["PL101"]


def test_rag_templates_get_documents() -> None:
    source = (
        "{% for d in documents %}{{ d.title }}: {{ d.text }}\n{% endfor %}"
        "{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}"
    )
    out = check_text("rag.jinja", source, JINJA_RULES, CONFIG)
    assert out.errors == [] and out.findings == []


def test_a_date_input_of_a_chat_template_is_a_note_not_a_clock() -> None:
    # A `datetime` the caller must pass (no default) and Llama 3.1's constant `date_string`
    # are inputs to keep constant: PL105 notes them; neither is PL101.
    source = (
        "{{ 'Date: ' + datetime + '\\n' }}"
        "{% for m in messages %}{{ m.role + ': ' + m.content + '\\n' }}{% endfor %}"
    )
    out = check_text("chat_template.jinja", source, JINJA_RULES, CONFIG)
    assert out.errors == []
    assert [(f.code, f.severity.value) for f in out.findings] == [("PL105", "info")]
    assert "the caller must pass it" in out.findings[0].message
    llama = check_text(
        "date_string_default.jinja",
        (DATA / "date_string_default.jinja").read_text(),
        JINJA_RULES,
        CONFIG,
    )
    (note,) = llama.findings
    assert note.code == "PL105" and "falls back to the constant '26 Jul 2024'" in note.message
    assert "Rendering confirms it" in note.message


def test_check_reads_prompt_files_in_role_sections(tmp_path: Path) -> None:
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    (prompts / "query.prompt").write_text(
        "# instruction\n"
        "You write search queries for a corpus. Today's date is {{ today }}.\n"
        "Write one query per line, or None when no search is needed.\n\n"
        "# input\nUser: who won the last world cup?\n\n"
        "# output\n2022 FIFA World Cup final winner\n\n"
        "# input\n{{ dlg_history }} (asked on {{ today }})\n"
    )
    (prompts / "summary.prompt").write_text("{{#if long}}Summarise {{text}}{{/if}}\n")
    (prompts / "support.prompty").write_text(
        "---\nname: Support\n---\nsystem:\nYou are the support assistant of Harbor, a"
        " documentation platform. Today is {{ today }}. Be concise and cite the page you"
        " used.\n\nuser:\n{{ question }} (asked on {{ today }})\n"
    )
    done = run_cli("--format", "json", "--exit-zero", str(prompts), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    found = [(Path(f["path"]).name, f["line"], f["code"]) for f in result["findings"]]
    # the date in the system message is reported; the one in the final input is this turn's
    assert found == [("query.prompt", 2, "PL101"), ("support.prompty", 5, "PL101")]
    assert result["files_checked"] == 3
