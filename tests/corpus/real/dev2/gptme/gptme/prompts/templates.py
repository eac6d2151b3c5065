"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/prompts/templates.py (lines 91-516), trimmed; not the original text."""

import platform
from collections.abc import Generator
from datetime import datetime, timezone
from pathlib import Path

from ..message import Message
from ..tools import ToolSpec

__version__ = "0.0"


def get_config_user() -> dict[str, str]:
    return {"name": "User", "about": "You are interacting with a human programmer."}


def prompt_gptme(interactive: bool, model: str | None = None, tool_format: str = "markdown") -> Generator[Message, None, None]:
    agent_blurb = f"gptme v{__version__}, a general-purpose AI assistant powered by LLMs"
    base_prompt = f"""
You are {agent_blurb}. {("Currently using model: " + model) if model else ""}
You are designed to help users with programming tasks, such as writing code and debugging.
You can run code, execute terminal commands, and access the filesystem on the local machine.
Break down complex tasks into smaller, manageable steps.
Always use absolute paths when referring to files.
""".strip()
    interactive_prompt = "You are in interactive mode. The user is available to provide feedback."
    non_interactive_prompt = "You are in non-interactive mode. All code blocks you suggest will be executed."
    full_prompt = base_prompt + "\n\n" + (interactive_prompt if interactive else non_interactive_prompt)
    yield Message("system", full_prompt)


def prompt_user(tool_format: str = "markdown") -> Generator[Message, None, None]:
    user = get_config_user()
    user_name = user["name"]
    prompt_content = f"""# About {user_name}

{user["about"]}
"""
    yield Message("system", prompt_content)


def prompt_tools(tools: list[ToolSpec], tool_format: str = "markdown", examples: bool = True) -> Generator[Message, None, None]:
    prompt = "# Tools Overview"
    for tool in tools:
        prompt += tool.get_tool_prompt(examples, tool_format)
    prompt += "\n\n*End of Tools List.*"
    yield Message("system", prompt.strip() + "\n\n")


def prompt_systeminfo(workspace: Path | None = None, tool_format: str = "markdown") -> Generator[Message, None, None]:
    os_info = platform.system()
    os_version = platform.release()
    pwd = workspace or Path.cwd()
    prompt = f"""## System Information

**OS:** {os_info} {os_version}
**Working Directory:** {pwd}""".strip()
    yield Message("system", prompt)


def prompt_timeinfo(tool_format: str = "markdown") -> Generator[Message, None, None]:
    # the date (not the time) goes into the core system prompt, ahead of tools and workspace files
    date_str = datetime.now(timezone.utc).strftime("%Y-%m-%d")  # expect: PL101
    if tool_format == "xml":
        prompt = f"<current-date>\n{date_str}\n</current-date>"
    else:
        prompt = f"## Current Date\n\n**UTC:** {date_str}"
    yield Message("system", prompt)
