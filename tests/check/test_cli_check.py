"""`promptlint check` end to end through the CLI: formats and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from promptlint.check.engine import PARALLEL_MIN_FILES

BAD = """\
from datetime import datetime
import anthropic

client = anthropic.Anthropic()

def ask(q):
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=300,
        system=f"Now: {datetime.now()}. You are a helpful assistant.",
        messages=[{"role": "user", "content": q}],
    )
"""

GOOD = """\
from datetime import datetime
import anthropic

client = anthropic.Anthropic()

def ask(q):
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=300,
        system="You are a helpful assistant.",
        messages=[{"role": "user", "content": f"Now: {datetime.now()}. {q}"}],
    )
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "promptlint", "check", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
    )


def test_exit_codes_and_text(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(BAD)
    (tmp_path / "good.py").write_text(GOOD)
    bad = run("bad.py", cwd=tmp_path)
    assert bad.returncode == 1, bad.stderr
    assert "bad.py:10:24: PL101 volatile-timestamp" in bad.stdout
    good = run("good.py", cwd=tmp_path)
    assert good.returncode == 0, good.stdout + good.stderr
    assert run("bad.py", "--exit-zero", cwd=tmp_path).returncode == 0


def test_notes_alone_do_not_fail_the_hook(tmp_path: Path) -> None:
    """A note (severity info: a chat template's constant date input) is shown, exit 0;
    with a warning beside it the hook fails."""
    template = Path(__file__).resolve().parents[1] / "data" / "templates"
    note = (template / "date_string_default.jinja").read_text()
    (tmp_path / "chat_template.jinja").write_text(note)
    only_note = run("chat_template.jinja", cwd=tmp_path)
    assert only_note.returncode == 0, only_note.stdout + only_note.stderr
    assert "PL105 date-input" in only_note.stdout
    (tmp_path / "bad.py").write_text(BAD)
    both = run("chat_template.jinja", "bad.py", cwd=tmp_path)
    assert both.returncode == 1 and "PL101" in both.stdout and "PL105" in both.stdout


def test_json_format_has_stable_keys(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(BAD)
    out = run("--format", "json", ".", cwd=tmp_path)
    assert out.returncode == 1
    doc = json.loads(out.stdout)
    (finding,) = doc["findings"]
    assert list(finding) == [
        "code",
        "name",
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "message",
        "severity",
        "fix",
    ]
    assert finding["code"] == "PL101" and finding["path"] == "bad.py"
    assert (finding["line"], finding["column"]) == (10, 24)


def test_unknown_rule_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(GOOD)
    out = run("--select", "PL999", "good.py", cwd=tmp_path)
    assert out.returncode == 2
    assert "unknown rule code" in out.stderr and "Traceback" not in out.stderr


def test_missing_path_is_exit_2(tmp_path: Path) -> None:
    out = run("nope.py", cwd=tmp_path)
    assert out.returncode == 2
    assert "no such file" in out.stderr


GUIDE = "Check each claim against the sources and name the source that supports it. " * 110
ONE_SHOT_TO = f'''\
import anthropic
client = anthropic.Anthropic()
GUIDE = """{GUIDE}"""

def check(claim):
    return client.messages.create(
        model="{{model}}",
        max_tokens=300,
        messages=[{{{{"role": "user", "content": f"Claim: {{{{claim}}}}\\n{{{{GUIDE}}}}"}}}}],
    )
'''


def test_the_command_reads_the_cache_minimum_of_where_a_request_goes(tmp_path: Path) -> None:
    # ~2,000 tokens of guide after the claim: worth moving first for a model whose cache
    # starts at 1,024 tokens, not for one whose cache starts at 4,096; in enough files that
    # worker processes check them, so that they read the minimums too.
    for i in range(PARALLEL_MIN_FILES // 2):
        (tmp_path / f"sonnet{i}.py").write_text(ONE_SHOT_TO.format(model="claude-sonnet-4-5"))
        (tmp_path / f"haiku{i}.py").write_text(ONE_SHOT_TO.format(model="claude-haiku-4-5"))
    out = run("--format", "json", "--jobs", "2", ".", cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    paths = {f["path"] for f in json.loads(out.stdout)["findings"]}
    assert paths == {f"sonnet{i}.py" for i in range(PARALLEL_MIN_FILES // 2)}, out.stdout


def test_a_tree_whose_root_is_a_package_is_checked_from_inside(tmp_path: Path) -> None:
    # `check .` run inside a project whose root holds an `__init__.py`: the package chain
    # of `./app/agent.py` ends at `.` (it once climbed `.` forever), and the value followed
    # from `app.clock` is still found.
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "clock.py").write_text(
        "from datetime import datetime\n\ndef stamp():\n    return datetime.now().isoformat()\n"
    )
    (tmp_path / "app" / "agent.py").write_text(
        BAD.replace("from datetime import datetime\n", "from app.clock import stamp\n").replace(
            "{datetime.now()}", "{stamp()}"
        )
    )
    out = subprocess.run(
        [sys.executable, "-m", "promptlint", "check", "--format", "json", "."],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert out.returncode == 1, out.stderr
    assert [f["code"] for f in json.loads(out.stdout)["findings"]] == ["PL101"], out.stdout
