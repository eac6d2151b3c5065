"""Reconstruction of camel-ai/camel@13dc7a7dda66d943949e5448d55e70d5a9481cfe:camel/messages/func_message.py (lines 125-150), trimmed; not the original text.

args is the dict parsed once from the model's tool call and kept in memory.
"""

import json
from dataclasses import dataclass
from typing import Any, Dict


@dataclass
class FunctionCallingMessage:
    role_name: str
    func_name: str
    args: Dict[str, Any]
    tool_call_id: str
    result: Any = None

    def to_openai_assistant_message(self) -> dict:
        return {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "id": self.tool_call_id,
                    "type": "function",
                    "function": {"name": self.func_name, "arguments": json.dumps(self.args, ensure_ascii=False)},
                }
            ],
        }
