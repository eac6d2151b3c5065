"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/prompts/workspace.py (lines 177-260), trimmed, and gptme/prompts/context_cmd.py (lines 49-117); not the original text."""

import subprocess
from collections.abc import Generator
from pathlib import Path

from ..message import Message


def prompt_workspace(workspace: Path) -> Generator[Message, None, None]:
    files = [workspace / "README.md", workspace / "pyproject.toml"]
    parts = [f"## {p.name}\n\n{p.read_text()}" for p in files if p.exists()]
    if parts:
        yield Message("system", "# Workspace Context\n\n" + "\n\n".join(parts))


def get_project_context_cmd_output(workspace: Path) -> str | None:
    cmd = (workspace / ".context_cmd").read_text() if (workspace / ".context_cmd").exists() else None
    if not cmd:
        return None
    return subprocess.run(cmd, shell=True, capture_output=True, text=True, cwd=workspace).stdout
