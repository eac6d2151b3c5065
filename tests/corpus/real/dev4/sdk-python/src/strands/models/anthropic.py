"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/models/anthropic.py (lines 140-246), trimmed; not the original text.

A cache_control marker is set for each cachePoint block the caller put in the messages; JSON
tool results are serialised from the dict kept in the history.
"""

import json


class AnthropicModel:
    def __init__(self, **config):
        self.config = {"max_tokens": 4096, "model_id": "claude-sonnet-4", **config}

    def _format_request_message_content(self, content):
        if "text" in content:
            return {"text": content["text"], "type": "text"}
        if "toolUse" in content:
            return {
                "id": content["toolUse"]["toolUseId"],
                "input": content["toolUse"]["input"],
                "name": content["toolUse"]["name"],
                "type": "tool_use",
            }
        if "toolResult" in content:
            return {
                "content": [
                    self._format_request_message_content(
                        {"text": json.dumps(item["json"])} if "json" in item else item
                    )
                    for item in content["toolResult"]["content"]
                ],
                "is_error": content["toolResult"]["status"] == "error",
                "tool_use_id": content["toolResult"]["toolUseId"],
                "type": "tool_result",
            }
        raise TypeError("unsupported content type")

    def _format_request_messages(self, messages):
        formatted_messages = []
        for message in messages:
            formatted_contents = []
            for content in message["content"]:
                if "cachePoint" in content:
                    formatted_contents[-1]["cache_control"] = {"type": "ephemeral"}
                    continue
                formatted_contents.append(self._format_request_message_content(content))
            if formatted_contents:
                formatted_messages.append({"content": formatted_contents, "role": message["role"]})
        return formatted_messages

    def format_request(self, messages, tool_specs=None, system_prompt=None):
        return {
            "max_tokens": self.config["max_tokens"],
            "messages": self._format_request_messages(messages),
            "model": self.config["model_id"],
            "tools": [
                {
                    "name": spec["name"],
                    "description": spec["description"],
                    "input_schema": spec["inputSchema"]["json"],
                }
                for spec in tool_specs or []
            ],
            **({"system": system_prompt} if system_prompt else {}),
        }
