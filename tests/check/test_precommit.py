"""The pre-commit hook on a throwaway git repository: fails on a bad file, passes on a good one.

`pre-commit try-repo` runs the `promptlint-system` hook of `.pre-commit-hooks.yaml`, which
calls the `promptlint` on PATH (this checkout's). The `promptlint` hook (language: python)
has pre-commit build its own virtualenv with pip, which needs the package index, so it is
not run here (tests download nothing).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
PRE_COMMIT = BIN / "pre-commit"

BAD = """\
from datetime import datetime
from openai import OpenAI

client = OpenAI()

def ask(q):
    return client.chat.completions.create(
        model="gpt-4o",
        messages=[
            {"role": "system", "content": f"Now: {datetime.now()}. Be brief."},
            {"role": "user", "content": q},
        ],
    )
"""
GOOD = BAD.replace('f"Now: {datetime.now()}. Be brief."', '"Be brief."').replace(
    '"content": q}', '"content": f"Now: {datetime.now()}. {q}"}'
)


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.mark.skipif(
    not PRE_COMMIT.exists() or shutil.which("git") is None or not (ROOT / ".git").exists(),
    reason="needs pre-commit, git, and this checkout to be a git repository",
)
def test_pre_commit_hook_fails_on_bad_and_passes_on_good(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "user.email", "t@example.com")
    git(repo, "config", "user.name", "t")
    (repo / "bot.py").write_text(BAD)
    git(repo, "add", "bot.py")
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "PRE_COMMIT_HOME": str(tmp_path / "pc-home"),
        "GIT_CONFIG_NOSYSTEM": "1",
    }

    def try_repo() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(PRE_COMMIT), "try-repo", str(ROOT), "promptlint-system", "--all-files"],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )

    bad = try_repo()
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "Failed" in bad.stdout
    assert "bot.py:10:" in bad.stdout and "PL101" in bad.stdout

    (repo / "bot.py").write_text(GOOD)
    git(repo, "add", "bot.py")
    good = try_repo()
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Passed" in good.stdout
