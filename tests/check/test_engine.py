"""Engine behaviour shared by all front ends: discovery, suppressions, config, errors, fixes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BAD = """\
from datetime import datetime
from openai import OpenAI

client = OpenAI()

def ask(q, names):
    return client.chat.completions.create(
        model="gpt-4o",
        tools=[{"type": "function", "function": {"name": n}} for n in set(names)],
        messages=[
            {"role": "system", "content": f"Now {datetime.now()}. Be brief."},
            {"role": "user", "content": q},
        ],
    )
"""


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", *args], capture_output=True, text=True, cwd=cwd
    )


def codes(proc: subprocess.CompletedProcess[str]) -> list[tuple[str, int, str]]:
    doc = json.loads(proc.stdout)
    return [(f["path"], f["line"], f["code"]) for f in doc["findings"]]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "bot.py").write_text(BAD)
    return tmp_path


def test_line_suppression_by_code_and_name(project: Path) -> None:
    text = BAD.replace(
        "for n in set(names)],", "for n in set(names)],  # promptlint: ignore[PL201]"
    ).replace('Be brief."},', 'Be brief."},  # promptlint: ignore[volatile-timestamp]')
    (project / "app" / "bot.py").write_text(text)
    out = run(project, "check", "--format", "json", "app")
    assert out.returncode == 0, out.stdout + out.stderr
    assert codes(out) == []


def test_file_suppression(project: Path) -> None:
    (project / "app" / "bot.py").write_text("# promptlint: ignore-file[PL101]\n" + BAD)
    out = run(project, "check", "--format", "json", "app")
    assert [c for _, _, c in codes(out)] == ["PL201"]


def test_select_ignore_and_per_file_ignores(project: Path) -> None:
    assert [
        c for _, _, c in codes(run(project, "check", "--format", "json", "--select", "PL1", "."))
    ] == ["PL101"]
    assert [
        c
        for _, _, c in codes(
            run(project, "check", "--format", "json", "--ignore", "tool-order", ".")
        )
    ] == ["PL101"]
    (project / "pyproject.toml").write_text(
        '[tool.promptlint]\nper-file-ignores = { "app/*.py" = ["PL101"] }\n'
    )
    assert [c for _, _, c in codes(run(project, "check", "--format", "json", "."))] == ["PL201"]


def test_exclude_and_gitignore(project: Path) -> None:
    (project / "generated").mkdir()
    (project / "generated" / "bot.py").write_text(BAD)
    (project / ".venv" / "lib").mkdir(parents=True)
    (project / ".venv" / "lib" / "bot.py").write_text(BAD)
    (project / "vendor").mkdir()
    (project / "vendor" / "bot.py").write_text(BAD)
    (project / ".gitignore").write_text("vendor/\n")
    (project / ".git").mkdir()  # a repository root: its .gitignore applies
    (project / "promptlint.toml").write_text('exclude = ["generated/"]\n')
    paths = {p for p, _, _ in codes(run(project, "check", "--format", "json", "."))}
    assert paths == {"app/bot.py"}


def test_extra_volatile_callables_and_sinks(tmp_path: Path) -> None:
    # TOML: top-level keys must precede tables.
    (tmp_path / "promptlint.toml").write_text(
        'prompt-sinks = ["myapp.llm.ask"]\n[volatile-callables]\n"myapp.clock.now" = "timestamp"\n'
    )
    (tmp_path / "use.py").write_text(
        "from myapp.clock import now\nfrom myapp.llm import ask\n\n"
        'def go(q):\n    return ask(f"Time {now()}. Answer the prompt.", q)\n'
    )
    out = run(tmp_path, "check", "--format", "json", "use.py")
    assert codes(out) == [("use.py", 5, "PL101")], out.stdout + out.stderr


@pytest.mark.parametrize(
    ("config", "needle"),
    [
        ("[tool.promptlint]\nselect = 3\n", "select must be a list"),
        ("[tool.promptlint]\nbogus = 1\n", "unknown key 'bogus'"),
        ("[tool.promptlint]\nselect = [\n", "invalid TOML"),
        ('[tool.promptlint]\nignore = ["PL999"]\n', "unknown rule code"),
        ('[tool.promptlint.volatile-callables]\n"a.b" = "weather"\n', "kind must be one of"),
        ("[tool.promptlint]\none-shot-min-tokens = 0\n", "must be a positive integer"),
    ],
)
def test_bad_config_is_one_line_exit_2(project: Path, config: str, needle: str) -> None:
    (project / "pyproject.toml").write_text(config)
    out = run(project, "check", ".")
    assert out.returncode == 2
    assert needle in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_unparsable_files_are_reported_and_run_goes_on(project: Path) -> None:
    (project / "app" / "broken.py").write_text('messages = [{"role": "system",\n')
    (project / "app" / "latin1.py").write_bytes(b'# caf\xe9\nmessages = [{"role": "system"}]\n')
    out = run(project, "check", "--format", "json", "app")
    assert out.returncode == 2
    doc = json.loads(out.stdout)
    reasons = {e["path"]: e["reason"] for e in doc["errors"]}
    assert "syntax error" in reasons["app/broken.py"]
    assert "not UTF-8" in reasons["app/latin1.py"]
    assert {f["code"] for f in doc["findings"]} == {"PL101", "PL201"}  # bot.py still checked
    text = run(project, "check", "app")
    assert "app/broken.py:" in text.stdout and "Traceback" not in text.stderr


def test_syntax_errors_are_reported_even_without_llm_names(project: Path) -> None:
    # The text pre-filter skips analysis of such files, not the report of a broken one;
    # grammar newer than the running Python (3.12 `type` aliases) is not an error.
    (project / "app" / "util.py").write_text("def f(:\n    return 1\n")
    (project / "app" / "aliases.py").write_text("type Ids = list[int]\nx: Ids = [1]\n")
    out = run(project, "check", "--format", "json", "app")
    assert out.returncode == 2
    doc = json.loads(out.stdout)
    reasons = {e["path"]: e["reason"] for e in doc["errors"]}
    assert set(reasons) == {"app/util.py"}
    assert "syntax error" in reasons["app/util.py"]


def test_fix_and_diff(project: Path) -> None:
    target = project / "app" / "bot.py"
    diff = run(project, "check", "--diff", "app")
    assert diff.returncode == 1
    assert (
        '+        tools=[{"type": "function", "function": {"name": n}} '
        "for n in sorted(set(names))]," in diff.stdout
    )
    assert target.read_text() == BAD  # --diff writes nothing
    fixed = run(project, "check", "--fix", "--format", "json", "app")
    assert fixed.returncode == 1  # PL101 has no automatic fix and remains
    assert "sorted(set(names))" in target.read_text()
    assert [c for _, _, c in codes(fixed)] == ["PL101"]


def test_sarif_and_github_output(project: Path) -> None:
    sarif = json.loads(run(project, "check", "--format", "sarif", ".").stdout)
    assert sarif["version"] == "2.1.0"
    run0 = sarif["runs"][0]
    rule_ids = [r["id"] for r in run0["tool"]["driver"]["rules"]]
    assert "PL101" in rule_ids and "PL402" in rule_ids
    res = run0["results"][0]
    assert res["ruleId"] == rule_ids[res["ruleIndex"]]
    region = res["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] >= 1 and region["startColumn"] >= 1
    assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "app/bot.py"
    gh = run(project, "check", "--format", "github", ".").stdout.splitlines()
    assert gh[0].startswith("::warning file=app/bot.py,line=9,col=")
    assert "title=PL201 tool-order::" in gh[0]


def test_rules_command(tmp_path: Path) -> None:
    listing = run(tmp_path, "rules")
    assert listing.returncode == 0 and "PL101  volatile-timestamp" in listing.stdout
    one = run(tmp_path, "rules", "PL201")
    assert "## What it does" in one.stdout and "## Fix safety" in one.stdout
    by_name = run(tmp_path, "rules", "tool-order")
    assert by_name.stdout == one.stdout
    assert run(tmp_path, "rules", "PL999").returncode == 2
    doc = json.loads(run(tmp_path, "rules", "--format", "json").stdout)
    assert {"code", "name", "language", "severity", "message", "autofix", "doc"} <= set(doc[0])
    assert next(r for r in doc if r["code"] == "PL201")["autofix"] is True


def test_check_does_not_import_heavy_modules(project: Path) -> None:
    code = (
        "import sys\n"
        "from promptlint.cli import main\n"
        "try:\n"
        "    main(['check', '--format', 'json', 'app'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('transformers', 'tiktoken', 'aiohttp', 'numpy', 'torch')\n"
        "         if m in sys.modules]\n"
        "print('HEAVY', heavy, file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=project)
    assert "HEAVY []" in out.stderr, out.stderr


def _imports_after_check(cwd: Path, *args: str) -> tuple[str, set[str]]:
    code = (
        "import sys\n"
        "from promptlint.cli import main\n"
        "try:\n"
        f"    main(['check', '--format', 'json', *{list(args)!r}])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('MODULES', *sorted(sys.modules), file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd)
    line = next(x for x in out.stderr.splitlines() if x.startswith("MODULES "))
    return out.stdout, set(line.split()[1:])


def test_each_language_is_loaded_only_when_a_file_needs_it(project: Path) -> None:
    stdout, modules = _imports_after_check(project, "app")
    assert json.loads(stdout)["findings"]  # the Python rules ran
    assert "promptlint.rules.python" in modules
    assert "jinja2" not in modules
    assert not any(
        m.startswith(("promptlint.rules.jinja", "promptlint.templates")) for m in modules
    )
    (project / "system.j2").write_text("Today is {{ now() }}. Answer briefly.\n")
    stdout, modules = _imports_after_check(project, "system.j2")
    assert [f["code"] for f in json.loads(stdout)["findings"]] == ["PL101"]
    assert "jinja2" in modules and "promptlint.rules.jinja" in modules
    assert "libcst" not in modules and "promptlint.rules.python" not in modules


def test_select_is_validated_against_every_language(project: Path) -> None:
    # PL402 exists only for Python; checking only a template must still accept it ...
    (project / "system.j2").write_text("Today is {{ now() }}. Answer briefly.\n")
    assert run(project, "check", "--select", "PL402", "system.j2").returncode == 0
    assert run(project, "check", "--select", "PL101,PL402", "system.j2").returncode == 1
    # ... and a typo is still exit 2 whatever the files.
    assert run(project, "check", "--select", "PL999", "system.j2").returncode == 2
    assert run(project, "check", "--ignore", "PL999", "app").returncode == 2


def test_rules_lists_every_language(project: Path) -> None:
    doc = json.loads(run(project, "rules", "--format", "json").stdout)
    assert {r["language"] for r in doc} == {"python", "jinja"}


@pytest.mark.parametrize(
    ("name", "language"),
    [
        ("bot.py", "python"),
        ("bot.PY", None),
        ("x.pyi", None),
        ("a.jinja", "jinja"),
        ("A.J2", "jinja"),
        ("t.jinja2", "jinja"),
        ("search.prompty", "jinja"),
        ("bot.py.jinja2", None),
        ("chat_template.json", "jinja"),
        ("Tokenizer_Config.json", "jinja"),
        ("config.json", None),
        ("README.md", None),
    ],
)
def test_discovery_gives_each_file_one_front_end_by_name(name: str, language: str | None) -> None:
    from promptlint.check.frontends import spec_for_path

    spec = spec_for_path(Path("some") / name)
    assert (spec.language if spec else None) == language


def test_fix_keeps_bom_and_crlf(tmp_path: Path) -> None:
    source = (
        "import os\r\nfrom openai import OpenAI\r\nc = OpenAI()\r\n"
        "def f(q, d):\r\n"
        '    return c.chat.completions.create(model="m", '
        'tools=[{"name": n} for n in os.listdir(d)], messages=[q])\r\n'
    )
    target = tmp_path / "bot.py"
    target.write_bytes(b"\xef\xbb\xbf" + source.encode())
    out = run(tmp_path, "check", "--fix", "bot.py")
    assert out.returncode == 0, out.stdout + out.stderr
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert b"for n in sorted(os.listdir(d))], messages=[q])\r\n" in data


def test_named_paths_are_checked_unless_force_exclude(project: Path) -> None:
    (project / "examples").mkdir()
    (project / "examples" / "bot.py").write_text(BAD)
    (project / "examples" / "bot_pb2.py").write_text(BAD)
    (project / "promptlint.toml").write_text('exclude = ["examples/", "*_pb2.py"]\n')

    def paths(*args: str) -> set[str]:
        return {p for p, _, _ in codes(run(project, "check", "--format", "json", *args))}

    assert paths(".") == {"app/bot.py"}
    # Named on the command line: checked; other patterns still apply inside it.
    assert paths("examples") == {"examples/bot.py"}
    assert paths("examples/bot.py") == {"examples/bot.py"}
    # pre-commit names every changed file: its hook passes --force-exclude.
    assert paths("--force-exclude", "examples/bot.py", "app/bot.py") == {"app/bot.py"}
    assert paths("--force-exclude", "examples") == set()
    assert paths("--force-exclude", "examples/bot_pb2.py") == set()


def test_test_files_are_skipped_by_default_and_said(tmp_path: Path) -> None:
    for rel in ("app/agent.py", "tests/test_agent.py", "app/agent_test.py", "conftest.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(BAD)
    (tmp_path / "app/testing.py").write_text(BAD)  # not a test file by its name
    out = run(tmp_path, "check", ".", "--format", "json")
    doc = json.loads(out.stdout)
    assert sorted({f["path"] for f in doc["findings"]}) == ["app/agent.py", "app/testing.py"]
    assert doc["tests_skipped"] == 3
    text = run(tmp_path, "check", ".").stdout
    assert "3 test files skipped (include-tests = true checks them)" in text.splitlines()[-1]
    # A test file named on the command line is checked, as an excluded one would be.
    assert {p for p, _, _ in codes(run(tmp_path, "check", "conftest.py", "--format", "json"))} == {
        "conftest.py"
    }
    (tmp_path / "promptlint.toml").write_text("include-tests = true\n")
    doc = json.loads(run(tmp_path, "check", ".", "--format", "json").stdout)
    assert len({f["path"] for f in doc["findings"]}) == 5 and doc["tests_skipped"] == 0


def test_include_tests_must_be_a_boolean(tmp_path: Path) -> None:
    (tmp_path / "promptlint.toml").write_text('include-tests = "yes"\n')
    (tmp_path / "a.py").write_text("x = 1\n")
    out = run(tmp_path, "check", ".")
    assert out.returncode == 2
    assert "include-tests must be true or false" in out.stderr


RENDERS_FILE = """\
from jinja2 import BaseLoader, Environment

PROMPT = open("src/agents/planner/prompt.jinja2").read().strip()


def render(prompt: str) -> str:
    template = Environment(loader=BaseLoader()).from_string(PROMPT)
    return template.render(prompt=prompt)
"""


def test_a_template_file_rendered_from_python_is_reported_at_the_render_call(
    tmp_path: Path,
) -> None:
    # The path is relative to the project's root (the application's working directory).
    folder = tmp_path / "src" / "agents" / "planner"
    folder.mkdir(parents=True)
    (folder / "planner.py").write_text(RENDERS_FILE)
    steps = "Write one step per line, each a single action, and say what it depends on. "
    (folder / "prompt.jinja2").write_text(
        "You plan software tasks.\n\nThe user asked: {{ prompt }}\n\n" + steps * 12
    )
    # Served by an engine that caches every block (vLLM): 224 tokens are worth a reorder.
    (tmp_path / "promptlint.toml").write_text("one-shot-min-tokens = 100\n")
    out = run(tmp_path, "check", "--format", "json", "src")
    doc = json.loads(out.stdout)
    (finding,) = doc["findings"]
    assert (finding["path"], finding["line"], finding["code"]) == (
        "src/agents/planner/planner.py",
        8,
        "PL104",
    )
    assert "line 3 of src/agents/planner/prompt.jinja2" in finding["message"]
    assert "(about 224 tokens)" in finding["message"]
    # By default (the hosted APIs, which cache from 1024 tokens) they are not.
    (tmp_path / "promptlint.toml").unlink()
    assert json.loads(run(tmp_path, "check", "--format", "json", "src").stdout)["findings"] == []


def test_a_template_found_by_name_through_get_template(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "prompts").mkdir()
    rules = "Answer from the documents only, cite each one you use, and say when none helps. "
    (tmp_path / "prompts" / "answer.j2").write_text(
        "Question: {{ question }}\n\n" + rules * 60 + "\n{{ documents }}\n"
    )
    # An HTML page rendered the same way is not a prompt.
    (tmp_path / "prompts" / "page.html.j2").write_text("<p>{{ question }}</p>" + rules * 60)
    (tmp_path / "app" / "answer.py").write_text(
        "from jinja2 import Environment, FileSystemLoader\n\n"
        'env = Environment(loader=FileSystemLoader("prompts"))\n\n\n'
        "def build(question, documents):\n"
        '    page = env.get_template("page.html.j2").render(question=question)\n'
        '    return env.get_template("answer.j2").render(question=question, documents=documents)\n'
    )
    doc = json.loads(run(tmp_path, "check", "--format", "json", "app").stdout)
    assert [(f["line"], f["code"]) for f in doc["findings"]] == [(8, "PL104")]
    assert "line 1 of prompts/answer.j2" in doc["findings"][0]["message"]


SETTINGS_TOOL = """\
from types import SimpleNamespace

from jinja2 import Environment

from app.config_loader import get_settings

INLINE = "The question: {{ question }}"


class Helper:
    def __init__(self, ai):
        self.ai = ai

    def answer(self, question):
        self.vars = {
            "question": question,
            "language": "en",
        }
        env = Environment()
        system = env.from_string(get_settings().help_prompt.system).render(self.vars)
        kept = env.from_string(SimpleNamespace(text=INLINE).text).render(self.vars)
        return self.ai.chat(system=system, user=kept)
"""


def test_a_template_kept_in_the_settings_is_read_from_the_project_toml(tmp_path: Path) -> None:
    (tmp_path / "app" / "settings").mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "config_loader.py").write_text(
        "def get_settings():\n    return GLOBAL_SETTINGS\n"
    )
    rules = "Answer from the documentation only, and cite the section you used for each claim. "
    (tmp_path / "app" / "settings" / "help_prompts.toml").write_text(
        '[help_prompt]\nsystem = """\nYou answer questions about the tool.\n'
        "The question: {{ question }}\n"
        + rules * 60
        + "\n{%- if language %}\n"
        + rules * 60
        + '\n{%- endif %}\n"""\n'
    )
    (tmp_path / "app" / "tool.py").write_text(SETTINGS_TOOL)
    doc = json.loads(run(tmp_path, "check", "--format", "json", "app").stdout)
    # Reported where the value is put into the mapping the templates are rendered with.
    assert [(f["path"], f["line"], f["code"]) for f in doc["findings"]] == [
        ("app/tool.py", 16, "PL104"),
    ]
    assert "line 4 of app/settings/help_prompts.toml" in doc["findings"][0]["message"]
    # Only the text printed in any case counts: behind an `{% if %}` it may never be sent.
    (tmp_path / "app" / "settings" / "help_prompts.toml").write_text(
        '[help_prompt]\nsystem = """\nThe question: {{ question }}\n{%- if language %}\n'
        + rules * 60
        + '\n{%- endif %}\n"""\n'
    )
    assert json.loads(run(tmp_path, "check", "--format", "json", "app").stdout)["findings"] == []


HELD_OBJECTS = """\
from openai import OpenAI

from app.context import Clock

client = OpenAI()


class Agent:
    def __init__(self, persona):
        self.clock = Clock(persona)

    def ask(self, history, question):
        system = f"{self.clock.stamp()}\\n" + "Follow the policy. " * 20
        return client.chat.completions.create(
            model="gpt-4o",
            messages=[{"role": "system", "content": system}, *history,
                      {"role": "user", "content": question}],
        )
"""


def test_methods_of_an_object_of_another_module_held_by_self_are_followed(
    tmp_path: Path,
) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "context.py").write_text(
        "from datetime import datetime\n\n\n"
        "class Clock:\n"
        "    def __init__(self, persona):\n"
        "        self.persona = persona\n\n"
        "    def stamp(self):\n"
        '        return f"{self.persona}, it is {datetime.now():%H:%M}"\n'
    )
    (tmp_path / "app" / "agent.py").write_text(HELD_OBJECTS)
    doc = json.loads(run(tmp_path, "check", "--format", "json", "app").stdout)
    # The clock is found where it is read; the persona the objects were built with is their
    # configuration, not the request's.
    assert [(f["path"], f["line"], f["code"]) for f in doc["findings"]] == [
        ("app/context.py", 9, "PL101"),
    ]


MADE_OBJECTS = """\
from openai import OpenAI

from app.plugins import SystemMessage, WeatherPlugin

client = OpenAI()


def ask(history, context):
    system = SystemMessage(content="Follow the policy. " * 20 + context)
    return client.chat.completions.create(
        model="gpt-4o",
        messages=[system.model_dump(), *history],
        tools=WeatherPlugin().get_spec(),
    )


def listed():
    # Dated in plugins.py, by datetime.today(): the code it makes the date with
    return [spec["name"] for spec in WeatherPlugin().get_spec()]
"""

PLUGINS = """\
from datetime import datetime

from pydantic import BaseModel


class SystemMessage(BaseModel):
    role: str = "system"
    content: str

    def model_dump(self, *args, **kwargs):
        fields = super().model_dump(*args, **kwargs)
        fields["role"] = str(fields["role"])
        return fields


class WeatherPlugin:
    def get_spec(self):
        return [
            {
                "name": "forecast",
                "description": f"Today is {datetime.today():%A %d %B}. Gives the forecast.",
                "parameters": {"type": "object", "properties": {}},
            }
        ]
"""


def test_methods_of_objects_made_from_classes_of_another_module_are_followed(
    tmp_path: Path,
) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "plugins.py").write_text(PLUGINS)
    (tmp_path / "app" / "agent.py").write_text(MADE_OBJECTS)
    doc = json.loads(run(tmp_path, "check", "--format", "json", "app").stdout)
    # The date in a tool's description is found where it is made, not in the comment
    # that quotes its code; the context a message object is made with is found where the
    # object's method places it, not in the method (its unpassed `*args`, `**kwargs` are
    # empty, not the caller's data).
    assert sorted((f["path"], f["line"], f["code"]) for f in doc["findings"]) == [
        ("app/agent.py", 12, "PL104"),
        ("app/plugins.py", 21, "PL101"),
    ]


CROSS_AGENT = """\
from openai import OpenAI

from .prompts import RULES, SESSION_TAG
from app.util import now_text

client = OpenAI()


def ask(history, question):
    system = f"It is {now_text()}.\\n{RULES}"
    return client.chat.completions.create(
        model="gpt-4o",
        messages=[
            {"role": "system", "content": system},
            *history,
            {"role": "user", "content": question},
        ],
    )


def ask_tagged(question):
    return client.chat.completions.create(
        model="gpt-4o",
        messages=[
            {"role": "system", "content": SESSION_TAG + RULES},
            {"role": "user", "content": question},
        ],
    )
"""


def _cross_module_project(root: Path) -> None:
    (root / "pyproject.toml").write_text('[project]\nname = "app"\n')
    (root / "app").mkdir()
    (root / "app" / "__init__.py").write_text("")
    (root / "app" / "util.py").write_text(
        "from datetime import datetime\n\n\ndef now_text():\n"
        '    return datetime.now().strftime("%Y-%m-%d %H:%M")\n'
    )
    (root / "app" / "prompts.py").write_text(
        "import uuid\n\n"
        'SESSION_TAG = f"session {uuid.uuid4()}"\n'
        'RULES = "Follow the policy. " * 20\n'
    )
    (root / "app" / "agent.py").write_text(CROSS_AGENT)


def test_values_are_followed_across_modules_and_reported_where_they_are_made(
    tmp_path: Path,
) -> None:
    _cross_module_project(tmp_path)
    out = run(tmp_path, "check", ".", "--format", "json")
    # A constant's id is found in the file that makes it, though only agent.py sends it; a
    # helper returning nothing but a clock (imported absolutely) is found where agent.py
    # places its value, the line to change.
    assert sorted(codes(out)) == [("app/agent.py", 10, "PL101"), ("app/prompts.py", 3, "PL102")]
    # Checked alone, agent.py still reports what flows into it, in the other files.
    alone = run(tmp_path, "check", "app/agent.py", "--format", "json")
    assert sorted(codes(alone)) == sorted(codes(out))


def test_a_value_of_another_module_is_found_in_its_tree_not_in_text_like_it(
    tmp_path: Path,
) -> None:
    # util.py is followed into too; its comment quotes the code that makes SESSION_TAG.
    _cross_module_project(tmp_path)
    util = tmp_path / "app" / "util.py"
    util.write_text('# was: SESSION_TAG = f"session {uuid.uuid4()}"\n' + util.read_text())
    out = run(tmp_path, "check", ".", "--format", "json")
    assert sorted(codes(out)) == [("app/agent.py", 10, "PL101"), ("app/prompts.py", 3, "PL102")]


def test_a_suppression_in_the_file_that_makes_the_value_holds(tmp_path: Path) -> None:
    _cross_module_project(tmp_path)
    prompts = tmp_path / "app" / "prompts.py"
    prompts.write_text(
        prompts.read_text().replace('uuid4()}"', 'uuid4()}"  # promptlint: ignore[PL102]')
    )
    out = run(tmp_path, "check", ".", "--format", "json")
    assert codes(out) == [("app/agent.py", 10, "PL101")]
