"""What to do about a break, in the agent's terms where the pattern is known.

The general advice per cause lives with the cause (`promptlint.causes`); this module
refines it from what the break says: which environment block changed (its kind is in the
segment name), which parameter or header changed, whose tools moved. Agent settings named
here were checked against the agents' releases the `agents` test group runs (Claude Code
2.1, Codex CLI 0.17x).
"""

from __future__ import annotations

import re

from promptlint.causes import Cause
from promptlint.diagnosis.environment import block_kind

_ENVIRONMENT = {
    "git-status": (
        "the git status is a snapshot taken when the conversation starts: every commit or "
        'edit changes it. Claude Code: leave it out with "includeGitInstructions": false '
        "in .claude/settings.json (or CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS=1); elsewhere put "
        "it after the cached part, or accept a miss whenever it changes"
    ),
    "working-directory": (
        "the agent ran from another directory: start it from the same folder (the project "
        "root) to share the cached prefix, or accept a miss per directory"
    ),
    "directory-listing": (
        "the listing changes with every file added or removed: put it after the cached "
        "part, or accept a miss whenever the tree changes"
    ),
    "url": (
        "the current URL changes on every navigation: send it in the latest message, not "
        "ahead of the cached part"
    ),
    "platform": (
        "another machine, shell or OS version wrote the block: the same setup shares the "
        "cache; otherwise accept a miss per machine"
    ),
}
_MCP_TOOL = re.compile(r"mcp__([A-Za-z0-9_-]+?)__")


def advice(cause: str, segment: str = "", detail: str | None = None) -> str | None:
    """What to do about a break of `cause` (None: a cause this version does not know)."""
    try:
        c = Cause(cause)
    except ValueError:
        return None
    text = detail or ""
    if c is Cause.ENVIRONMENT_CHANGE:
        return _ENVIRONMENT.get(block_kind(segment) or "", c.info.advice)
    if c is Cause.PARAM_CHANGE and "header:anthropic-beta" in text:
        return (
            "the anthropic-beta header selects the model variant (context-1m-… is the "
            "1M-context variant, with its own cache): keep it for the session. Claude Code "
            "sends it for a model given as ID[1m] (--model claude-sonnet-4-6[1m]) and drops "
            "it without the suffix"
        )
    if c is Cause.PARAM_CHANGE and "prompt_cache_key" in text:
        return (
            "OpenAI routes by prompt_cache_key, so another key starts from a cold cache. "
            "Codex sends one key per thread: each `codex exec` is a new thread, "
            "`codex exec resume --last` keeps the key; elsewhere use one key per conversation"
        )
    if c is Cause.PARAM_CHANGE and re.search(r"\bmodel\b", text):
        return (
            "pin the model for the session, by its full id: Claude Code --model or "
            "ANTHROPIC_MODEL (aliases such as opus move with releases); Codex model = … in "
            "~/.codex/config.toml or -m. A switch and back costs two misses"
        )
    if c in (Cause.TOOL_ORDER, Cause.TOOL_CHANGE):
        servers = sorted(set(_MCP_TOOL.findall(text)))
        if servers:
            names = ", ".join(servers)
            return (
                f"the tools of MCP server {names} moved: a server that reconnects or restarts "
                "lists its tools anew (another order, edited schemas). Keep it running for "
                "the session; if it is yours, list its tools in a fixed order"
            )
    return c.info.advice
