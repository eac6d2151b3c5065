"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:computer-use-demo/computer_use_demo/tools/collection.py
(lines 1-34), trimmed; not the original text."""

from dataclasses import dataclass
from typing import Any


@dataclass
class ToolResult:
    output: str | None = None
    error: str | None = None
    base64_image: str | None = None


class ToolCollection:
    def __init__(self, *tools: Any):
        self.tools = tools
        self.tool_map = {tool.to_params()["name"]: tool for tool in tools}

    def to_params(self) -> list:
        # clean: the tools in the order of the group's list
        return [tool.to_params() for tool in self.tools]

    async def run(self, *, name: str, tool_input: dict) -> ToolResult:
        tool = self.tool_map.get(name)
        if not tool:
            return ToolResult(error=f"Tool {name} is invalid")
        return await tool(**tool_input)
