"""A changed environment block (git status, working directory, platform, a listing, a URL)
is named by the block the agent wrote, with what to do: on the request bodies Claude Code
2.1.332 and Codex CLI 0.171.0 really sent (tests/data/diagnosis/agents, reconstructions),
and on the shapes other agents use."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from promptlint.causes import Cause
from promptlint.diagnosis.advice import advice
from promptlint.diagnosis.analyzer import Analyzer
from promptlint.diagnosis.environment import environment_block
from promptlint.diagnosis.render import request_json

from .helpers import claude, ex

AGENTS = Path(__file__).resolve().parent.parent / "data" / "diagnosis" / "agents"


def _requests(name: str) -> list[dict[str, Any]]:
    data = json.loads((AGENTS / name).read_text())
    return list(data["requests"])


def _breaks(bodies: list[dict[str, Any]], api: str) -> list[dict[str, Any]]:
    """The breaks of the last body against the ones before it, as `explain A.json B.json`
    shows them (one session: two runs of an agent are two sessions to the proxy)."""
    a = Analyzer(record_bodies="redacted")
    item: dict[str, Any] = {}
    one_session = {"x-promptlint-session": "offline"}
    for n, body in enumerate(bodies):
        rec, details = a.analyze_detailed(ex(body, n=n, api=api, headers=one_session))
        item = request_json(rec, details)
    return list(item["breaks"])


def test_claude_code_git_status_changed_between_runs() -> None:
    """Two `claude -p` runs in one repository, a file added between them: the `# gitStatus`
    block of the first user message changed, and the advice names Claude Code's setting."""
    first, second = _requests("claude_code_git_status.json")
    (b,) = _breaks([first, second], "anthropic-messages")
    assert b["cause"] == Cause.ENVIRONMENT_CHANGE.value
    assert b["segment"] == "messages[0] (# gitStatus, Status)"
    assert b["detail"] == "environment block # gitStatus changed, at Status"
    assert "?? new.txt" in b["after"] and "?? new.txt" not in b["before"]
    assert b["avoidable"] and b["lost_tokens"] > 0
    assert '"includeGitInstructions": false' in b["advice"]
    assert "CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS=1" in b["advice"]


def _claude_env_message(body: dict[str, Any]) -> dict[str, Any]:
    return next(
        c
        for m in body["messages"]
        for c in m["content"]
        if c.get("text", "").startswith("# Environment")
    )


def test_claude_code_environment_section_names_the_line() -> None:
    """Claude Code's `# Environment` section, written on another machine: the OS line."""
    first = _requests("claude_code_git_status.json")[0]
    second = copy.deepcopy(first)
    env = _claude_env_message(second)
    assert " - OS Version: Linux 6.18.44-fc-v657" in env["text"]
    env["text"] = env["text"].replace("Linux 6.18.44-fc-v657", "Darwin 25.1.0")
    (b,) = _breaks([first, second], "anthropic-messages")
    assert b["cause"] == "environment-change"
    assert b["segment"].endswith("(# Environment, OS Version)")
    assert b["detail"] == "environment block # Environment changed, at OS Version"
    assert "another machine" in b["advice"]


def _codex_env(body: dict[str, Any]) -> dict[str, Any]:
    return next(
        c
        for item in body["input"]
        for c in item.get("content", [])
        if c.get("text", "").startswith("<environment_context>")
    )


def test_codex_environment_context_cwd() -> None:
    """Codex run from another folder writes another `<cwd>` into `<environment_context>`."""
    (first,) = _requests("codex_environment_context.json")
    second = copy.deepcopy(first)
    env = _codex_env(second)
    assert "<cwd>/home/user/api</cwd>" in env["text"]
    env["text"] = env["text"].replace("/home/user/api", "/home/user/web")
    (b,) = _breaks([first, second], "openai-responses")
    assert b["cause"] == "environment-change"
    assert b["segment"].endswith("(<environment_context>, <cwd>)")
    assert b["detail"] == "environment block <environment_context> changed, at <cwd>"
    assert "another directory" in b["advice"]


def test_codex_environment_context_date_is_a_timestamp_in_the_block() -> None:
    (first,) = _requests("codex_environment_context.json")
    second = copy.deepcopy(first)
    env = _codex_env(second)
    assert "<current_date>2026-12-01</current_date>" in env["text"]
    env["text"] = env["text"].replace("2026-12-01", "2026-12-02")
    (b,) = _breaks([first, second], "openai-responses")
    assert b["cause"] == "volatile-timestamp"
    assert b["detail"] == (
        "a date/time value changed in environment block <environment_context> (<current_date>)"
    )


# Shapes other agents (and older Claude Code releases) write; each with the line that
# changes and the block and line it must be named by.
SHAPES = [
    (
        "You are a CLI agent.\n\ngitStatus: This is the git status at the start.\n"
        "Current branch: main\n\nStatus:\nM app.py\n\nRecent commits:\nabc123 fix\n",
        "M app.py",
        ("gitStatus:", "git-status", "Status"),
    ),
    (
        # "Is a git repository: yes" is an environment line, not the git status block.
        "Environment:\nWorking directory: /srv/app\nIs a git repository: yes\n\n"
        "gitStatus: This is the git status at the start.\nCurrent branch: main\n\n"
        "Status:\nM app.py\n",
        "M app.py",
        ("gitStatus:", "git-status", "Status"),
    ),
    (
        "Here is useful information about the environment you are running in:\n<env>\n"
        "Working directory: /srv/app\nIs directory a git repo: Yes\nPlatform: linux\n</env>\n",
        "/srv/app",
        ("<env>", "working-directory", "Working directory"),
    ),
    (
        "You browse for the user.\n\nCurrent URL: https://shop.example/cart\nThen act.",
        "https://shop",
        ("Current URL:", "url", None),
    ),
    (
        "# Rules\nBe brief.\n\n## Directory structure\nsrc/\n  app.py\n  util.py\n",
        "util.py",
        ("# Directory structure", "directory-listing", None),
    ),
]


@pytest.mark.parametrize(("text", "at", "want"), SHAPES)
def test_blocks_by_their_shape(text: str, at: str, want: tuple[str, str, str | None]) -> None:
    block = environment_block(text, text.index(at))
    assert block is not None
    assert (block.label, block.kind, block.field) == want


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("# Environment\nPlatform: linux\n\n# Tone\nBe kind and brief.", "kind"),
        ("<env>\nPlatform: linux\n</env>\nAnswer in English.", "English"),
        ("Status:\n?? a\n\nYou are a helpful assistant for the shop.", "shop"),
        ("You help with orders. Be brief.", "brief"),
    ],
)
def test_text_after_a_block_is_not_in_it(text: str, at: str) -> None:
    assert environment_block(text, text.index(at)) is None


def test_a_url_block_in_the_system_prompt() -> None:
    """A browsing agent's system prompt with the page's URL ahead of its rules."""
    rules = "Rules:\n" + "".join(
        f"- Rule {k}: click only what the user asked for.\n" for k in range(80)
    )
    msgs = [{"role": "user", "content": "Add the blue one to the cart."}]
    one = claude(
        msgs, system=f"You browse for the user.\nCurrent URL: https://shop.example/a\n\n{rules}"
    )
    two = claude(
        msgs, system=f"You browse for the user.\nCurrent URL: https://shop.example/b\n\n{rules}"
    )
    (b,) = _breaks([one, two], "anthropic-messages")
    assert b["cause"] == "environment-change" and b["segment"] == "system (Current URL:)"
    assert "latest message" in b["advice"]


def test_advice_in_the_agents_terms() -> None:
    beta = advice("param-change", "system", "changed: header:anthropic-beta")
    assert beta is not None and "claude-sonnet-4-6[1m]" in beta
    model = advice("param-change", "system", "changed: model")
    assert model is not None and "ANTHROPIC_MODEL" in model and "config.toml" in model
    key = advice("param-change", "input[0]", "changed: prompt_cache_key")
    assert key is not None and "resume --last" in key
    mcp = advice(
        "tool-order",
        "tools[2]",
        "same tools in a different order: tools[2] was 'mcp__github__create_issue', "
        "now 'mcp__github__list_issues'",
    )
    assert mcp is not None and "MCP server github" in mcp
    # Without a known pattern, the cause's own advice; unknown causes have none.
    assert advice("tool-order", "tools[0]", "same tools") == Cause.TOOL_ORDER.info.advice
    assert advice("a-cause-from-a-later-version") is None


def test_explain_says_what_to_do_when_asked(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from promptlint.cli import cli

    paths = []
    for k, body in enumerate(_requests("claude_code_git_status.json")):
        paths.append(tmp_path / f"{k}.json")
        paths[-1].write_text(json.dumps(body))
    args = ["explain", *map(str, paths)]
    plain = CliRunner().invoke(cli, args)
    told = CliRunner().invoke(cli, [*args, "--advice"])
    assert plain.exit_code == told.exit_code == 0, plain.output + told.output
    assert "environment-change at messages[0] (# gitStatus, Status)" in plain.output
    assert "what to do:" not in plain.output
    assert "what to do: the git status is a snapshot" in told.output
