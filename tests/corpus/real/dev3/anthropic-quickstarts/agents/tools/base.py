"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:agents/tools/base.py
(lines 1-27), trimmed; not the original text."""

from dataclasses import dataclass
from typing import Any


@dataclass
class Tool:
    name: str
    description: str
    input_schema: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "input_schema": self.input_schema}


class MCPTool(Tool):
    def __init__(self, name: str, description: str, input_schema: dict[str, Any], connection: Any):
        super().__init__(name=name, description=description, input_schema=input_schema)
        self.connection = connection
