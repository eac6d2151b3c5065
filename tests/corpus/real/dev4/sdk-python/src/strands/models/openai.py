"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/models/openai.py (lines 202-240), trimmed; not the original text.

Tool-call arguments are re-serialised on each request from the input dict kept in the history.
"""

import json


class OpenAIModel:
    @classmethod
    def format_request_message_tool_call(cls, tool_use, **kwargs):
        return {
            "function": {
                "arguments": json.dumps(tool_use["input"]),
                "name": tool_use["name"],
            },
            "id": tool_use["toolUseId"],
            "type": "function",
        }

    @classmethod
    def format_request_tool_message(cls, tool_result, **kwargs):
        contents = [
            {"text": json.dumps(content["json"])} if "json" in content else content
            for content in tool_result["content"]
        ]
        return {
            "role": "tool",
            "tool_call_id": tool_result["toolUseId"],
            "content": [{"type": "text", "text": c["text"]} for c in contents if "text" in c],
        }
