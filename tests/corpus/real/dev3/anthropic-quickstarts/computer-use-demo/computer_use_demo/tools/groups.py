"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:computer-use-demo/computer_use_demo/tools/groups.py
(lines 1-42), trimmed; not the original text."""

from dataclasses import dataclass


class ComputerTool:
    def to_params(self) -> dict:
        return {"name": "computer", "type": "computer_20250124", "display_width_px": 1024}


class EditTool:
    def to_params(self) -> dict:
        return {"name": "str_replace_based_edit_tool", "type": "text_editor_20250429"}


class BashTool:
    def to_params(self) -> dict:
        return {"name": "bash", "type": "bash_20250124"}


@dataclass(frozen=True, kw_only=True)
class ToolGroup:
    version: str
    tools: list
    beta_flag: str | None = None


TOOL_GROUPS = [
    ToolGroup(version="computer_use_20250429", tools=[ComputerTool, EditTool, BashTool], beta_flag="computer-use-2025-01-24"),
]
TOOL_GROUPS_BY_VERSION = {group.version: group for group in TOOL_GROUPS}
