"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/prompts/__init__.py (lines 60-64, 109-174, 307-349, 568-600), trimmed; not the original text.

The core sections are joined into one system message; the cacheable workspace
sections follow; context_cmd output comes last after a boundary marker. The whole
list is generated once at conversation start and stored in the append-only log.
"""

from pathlib import Path

from ..message import Message
from .templates import (
    prompt_gptme,
    prompt_systeminfo,
    prompt_timeinfo,
    prompt_tools,
    prompt_user,
)
from .workspace import get_project_context_cmd_output, prompt_workspace

SYSTEM_PROMPT_CACHE_BOUNDARY = """# System Prompt Cache Boundary

Static content above, session-volatile context below.
---"""


def _join_messages(msgs: list[Message]) -> Message:
    return Message(msgs[0].role, "\n\n".join(m.content for m in msgs))


def _build_core_prompt_sections(interactive, model, tools, tool_format, workspace):
    sections: list[list[Message]] = []
    sections.append(list(prompt_gptme(interactive, model, tool_format=tool_format)))
    sections.append(list(prompt_tools(tools=tools, tool_format=tool_format)))
    if interactive:
        sections.append(list(prompt_user(tool_format=tool_format)))
    sections.append(list(prompt_systeminfo(workspace, tool_format=tool_format)))
    sections.append(list(prompt_timeinfo(tool_format=tool_format)))
    return sections


def get_prompt(tools, tool_format="markdown", interactive=True, model=None, workspace: Path | None = None):
    core = _build_core_prompt_sections(interactive, model, tools, tool_format, workspace)
    result = [_join_messages([m for msgs in core for m in msgs])]
    if workspace:
        result.extend(prompt_workspace(workspace))
    dynamic = []
    if workspace and (cmd_output := get_project_context_cmd_output(workspace)):
        dynamic.append(Message("system", "## Project computed context\n\n" + cmd_output))
    if dynamic:
        result.append(Message("system", SYSTEM_PROMPT_CACHE_BOUNDARY))
    result.extend(dynamic)
    return [m.replace(hide=True, pinned=True) for m in result]
