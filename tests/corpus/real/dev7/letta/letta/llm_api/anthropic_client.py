"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/llm_api/anthropic_client.py (lines 650-715, 1334-1385), trimmed; not the original text.

Three ephemeral breakpoints per request: the last tool, the system text, the last block of the
last message.
"""


class AnthropicClient:
    def build_request_data(self, messages: list, tools: list, system: str) -> dict:
        data: dict = {}
        if tools:
            data["tools"] = [{"name": t["name"], "description": t.get("description", ""), "input_schema": t["parameters"]} for t in tools]
            data["tools"][-1]["cache_control"] = {"type": "ephemeral"}
        data["system"] = self._add_cache_control_to_system_message(system)
        data["messages"] = [m.to_anthropic_dict() for m in messages[1:]]
        data["messages"] = self._add_cache_control_to_messages(data["messages"])
        return data

    def _add_cache_control_to_system_message(self, system_content):
        if isinstance(system_content, str):
            return [{"type": "text", "text": system_content, "cache_control": {"type": "ephemeral"}}]
        return system_content

    def _add_cache_control_to_messages(self, messages: list) -> list:
        for i in range(len(messages) - 1, -1, -1):
            content = messages[i].get("content")
            if not content:
                continue
            if isinstance(content, str):
                messages[i]["content"] = [{"type": "text", "text": content, "cache_control": {"type": "ephemeral"}}]
                return messages
            if isinstance(content, list):
                messages[i]["content"][-1]["cache_control"] = {"type": "ephemeral"}
                return messages
        return messages
