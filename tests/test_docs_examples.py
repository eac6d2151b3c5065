"""A doctest of the docs: every ```console block of README.md and docs/*.md is run and compared.

A block is a shell session: `$ command` lines (a trailing backslash continues one) and the
output they print, stdout and stderr together. The commands of one block run in one bash,
from the repository's root, with this interpreter's environment first on PATH, so
`promptlint` and `python` are the ones under test. In the expected output, `...` stands for
any text on its line, and a line of only `...` for any number of lines (as doctest's
ELLIPSIS), so an example may show an excerpt, and says so.

A block whose output cannot repeat (a server that runs until stopped, a GPU) carries
`<!-- docs-test: skip REASON -->` on the line before its fence: it is reported as a skip
with that reason, never silently left out. A block from a live recording carries
`<!-- docs-test: ids and times vary -->`: request ids (32 hex digits) and times
(`YYYY-MM-DD HH:MM:SS`) are compared as placeholders, everything else exactly.

The examples read what the repository ships, plus what `make demo` writes to build/demo/
and what `python bench/report_data.py build/demo/traffic.db` generates; the session
fixture makes both first.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP = re.compile(r"<!--\s*docs-test:\s*skip\s+(.+?)\s*-->")
VARYING = re.compile(r"<!--\s*docs-test:\s*ids and times vary\s*-->")
ID_OR_TIME = re.compile(r"\b[0-9a-f]{32}\b|\b\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\b")
MARK = "@@promptlint-docs-test@@"


@dataclass(frozen=True)
class Example:
    page: Path
    line: int  # of the opening fence, 1-based
    commands: tuple[str, ...]
    outputs: tuple[str, ...]
    skip: str | None
    varying: bool = False

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def examples_in(page: Path) -> list[Example]:
    found = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        fence = lines[i].lstrip()
        if fence.strip() != "```console":
            i += 1
            continue
        indent = len(lines[i]) - len(fence)
        previous = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        skip = SKIP.search(previous)
        start, body = i + 1, []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i][indent:])
            i += 1
        commands: list[str] = []
        outputs: list[list[str]] = []
        k = 0
        while k < len(body):
            if body[k].startswith("$ "):
                command = body[k][2:]
                while command.endswith("\\") and k + 1 < len(body):
                    k += 1
                    command = command[:-1] + " " + body[k].strip()
                commands.append(command)
                outputs.append([])
            elif outputs:
                outputs[-1].append(body[k])
            k += 1
        if commands:
            found.append(
                Example(
                    page,
                    start,
                    tuple(commands),
                    tuple("\n".join(o) for o in outputs),
                    skip.group(1) if skip else None,
                    VARYING.search(previous) is not None,
                )
            )
        i += 1
    return found


EXAMPLES = [example for page in PAGES for example in examples_in(page)]


def matches(expected: str, actual: str) -> bool:
    pattern = []
    for line in expected.splitlines():
        if line.strip() == "...":
            pattern.append(r"(?:[^\n]*\n)*?")
        else:
            parts = [re.escape(part) for part in line.rstrip().split("...")]
            pattern.append("[^\n]*?".join(parts) + r"[ \t]*\n")
    text = "".join(line.rstrip() + "\n" for line in actual.splitlines())
    return re.fullmatch("".join(pattern), text) is not None


def run_block(commands: tuple[str, ...]) -> list[str]:
    script = ["__rc=0"]
    for command in commands:
        script += [f"echo '{MARK}'", "(exit $__rc)", f"{{ {command}\n}} 2>&1", "__rc=$?"]
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.update(NO_COLOR="1", COLUMNS="100", PYTHONHASHSEED="0")
    env.pop("PROMPTLINT_STORE", None)
    # Its own process group, so that a command left running is stopped with the block.
    proc = subprocess.Popen(
        ["bash", "-c", "\n".join(script)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, _ = proc.communicate(timeout=300)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    return stdout.split(MARK + "\n")[1:]


@pytest.fixture(scope="session")
def shipped_data() -> None:
    """What the examples read beyond the repository: `make demo`'s output, the traffic store."""
    demo = ROOT / "build" / "demo"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "demo.py"), "--out", str(demo)],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [sys.executable, str(ROOT / "bench" / "report_data.py"), str(demo / "traffic.db")],
        check=True,
        capture_output=True,
    )


def test_every_page_has_its_examples_found() -> None:
    assert EXAMPLES, "no ```console examples found"
    assert {e.page.name for e in EXAMPLES} >= {"README.md", "check.md", "kv.md"}


def test_ellipsis_matches_within_a_line_and_across_lines() -> None:
    assert matches("a ... c\n...\nz", "a b c\nx\ny\nz")
    assert matches("a\n...\nz", "a\nz")
    assert not matches("a b c", "a b d")
    assert not matches("a\nz", "a\nx\nz")


def test_varying_blocks_compare_ids_and_times_as_placeholders() -> None:
    line = "0123456789abcdef0123456789abcdef  at 2026-12-01 10:09:37  7 requests"
    other = "fedcba9876543210fedcba9876543210  at 2026-11-30 23:59:59  7 requests"
    assert ID_OR_TIME.sub("<varies>", line) == ID_OR_TIME.sub("<varies>", other)
    assert ID_OR_TIME.sub("<varies>", line) != ID_OR_TIME.sub(
        "<varies>", other[:-10] + "8 requests"
    )


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_console_example(example: Example, shipped_data: None) -> None:
    if example.skip:
        pytest.skip(f"{example.name}: {example.skip}")
    outputs = run_block(example.commands)
    assert len(outputs) == len(example.commands)
    for command, expected, actual in zip(example.commands, example.outputs, outputs, strict=True):
        if example.varying:
            expected, actual = (
                ID_OR_TIME.sub("<varies>", expected),
                ID_OR_TIME.sub("<varies>", actual),
            )
        assert matches(expected, actual), (
            f"{example.name}: `{command}` printed\n{actual}\nexpected\n{expected}"
        )
