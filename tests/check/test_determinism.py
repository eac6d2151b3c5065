"""`check` gives the same output in every run, where two values tie for one report."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

# Two parameters reach one system message (openai/swarm's core.py has this shape): the
# message names one of them. Which one followed a set's order by memory address before.
TIE = """\
from openai import OpenAI

client = OpenAI()


def run(agent, context_variables, history):
    instructions = (
        agent.instructions(context_variables)
        if callable(agent.instructions)
        else agent.instructions
    )
    messages = [{"role": "system", "content": instructions}] + history
    return client.chat.completions.create(model="gpt-4o", messages=messages)
"""


def test_a_tie_is_named_the_same_in_every_run(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text(TIE)
    cmd = [sys.executable, "-m", "promptlint", "check", "--format", "json", "agent.py"]
    outputs = {
        subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True).stdout for _ in range(8)
    }
    assert len(outputs) == 1
    assert "PL104" in outputs.pop()
