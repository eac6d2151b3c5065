"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/tool/tool_collection.py
(lines 8-40), trimmed; not the original text.
"""

from typing import Any, Dict, List

from app.tool.base import BaseTool


class ToolCollection:
    def __init__(self, *tools: BaseTool):
        self.tools = tools
        self.tool_map = {tool.name: tool for tool in tools}

    def to_params(self) -> List[Dict[str, Any]]:
        return [tool.to_param() for tool in self.tools]

    def add_tools(self, *tools: BaseTool) -> "ToolCollection":
        for tool in tools:
            if tool.name not in self.tool_map:
                self.tools += (tool,)
                self.tool_map[tool.name] = tool
        return self
