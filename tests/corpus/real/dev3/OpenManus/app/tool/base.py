"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/tool/base.py
(lines 38-60, 147-161), trimmed; not the original text.
"""

import json
from typing import Any, Dict, Optional, Union

from pydantic import BaseModel


class ToolResult(BaseModel):
    output: Any = None
    error: Optional[str] = None
    base64_image: Optional[str] = None


class BaseTool(BaseModel):
    name: str
    description: str
    parameters: Optional[dict] = None

    def to_param(self) -> Dict:
        return {"type": "function", "function": {"name": self.name, "description": self.description, "parameters": self.parameters}}

    def success_response(self, data: Union[Dict[str, Any], str]) -> ToolResult:
        if isinstance(data, str):
            text = data
        else:
            # clean: the tool's own result, serialised once into its tool message
            text = json.dumps(data, indent=2)
        return ToolResult(output=text)
