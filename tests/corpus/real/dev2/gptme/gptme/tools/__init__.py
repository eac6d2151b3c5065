"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/tools/__init__.py (lines 116-139, 420-470), trimmed; not the original text.

Built-in tools are sorted; MCP tools are appended after them in the order the
MCP servers list them.
"""

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(order=True)
class ToolSpec:
    name: str
    desc: str = ""
    parameters: list[Any] = field(default_factory=list, compare=False)
    execute: Callable[..., Any] | None = field(default=None, compare=False)

    def get_tool_prompt(self, examples: bool, tool_format: str) -> str:
        return f"\n\n## {self.name}\n\n{self.desc}"


def _discover_tools(module_names: list[str]) -> list[ToolSpec]:
    tools = []
    for module_name in module_names:
        module = importlib.import_module(module_name)
        tools.extend(v for v in vars(module).values() if isinstance(v, ToolSpec))
    return tools


def get_available_tools(include_mcp: bool = True) -> list[ToolSpec]:
    from .mcp_adapter import create_mcp_tools

    available_tools = list(_discover_tools(["gptme.tools"]))
    available_tools.sort()
    if include_mcp:
        available_tools.extend(create_mcp_tools())
    return available_tools
