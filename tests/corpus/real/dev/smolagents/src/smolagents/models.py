"""Reconstruction of huggingface/smolagents@e3a5b8994b301983b91c0325546e9dc82eab8cf0:src/smolagents/models.py
(lines 90-170, 280-400, 502-552, 1553-1590), trimmed; not the original text.
"""

import json
from copy import deepcopy
from dataclasses import dataclass
from enum import Enum
from typing import Any


class MessageRole(str, Enum):
    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"
    TOOL_CALL = "tool-call"
    TOOL_RESPONSE = "tool-response"


tool_role_conversions = {MessageRole.TOOL_CALL: MessageRole.ASSISTANT, MessageRole.TOOL_RESPONSE: MessageRole.USER}


@dataclass
class ChatMessage:
    role: MessageRole
    content: Any = None
    tool_calls: list | None = None

    def render_as_markdown(self) -> str:
        rendered = str(self.content) or ""
        if self.tool_calls:
            # clean: shown in the console only, never sent
            rendered += "\n".join(json.dumps({"tool": t.function.name, "arguments": t.function.arguments}) for t in self.tool_calls)
        return rendered


def get_tool_json_schema(tool) -> dict:
    properties = deepcopy(tool.inputs)
    required = []
    # clean: the tool's inputs dict (a class attribute) in its written order
    for key, value in properties.items():
        if value["type"] == "any":
            value["type"] = "string"
        if not ("nullable" in value and value["nullable"]):
            required.append(key)
    return {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }


def get_clean_message_list(message_list: list[ChatMessage], role_conversions: dict | None = None) -> list[dict]:
    output_message_list: list[dict] = []
    message_list = deepcopy(message_list)
    for message in message_list:
        role = (role_conversions or {}).get(message.role, message.role)
        # clean: consecutive messages of one role are merged the same way on every request
        if output_message_list and role == output_message_list[-1]["role"]:
            output_message_list[-1]["content"][0]["text"] += "\n" + message.content[0]["text"]
        else:
            output_message_list.append({"role": role, "content": message.content})
    return output_message_list


class InferenceClientModel:
    def __init__(self, client, model_id: str):
        self.client = client
        self.model_id = model_id
        self.kwargs: dict = {}

    def _prepare_completion_kwargs(self, messages, stop_sequences=None, tools_to_call_from=None, **kwargs) -> dict:
        completion_kwargs = {"messages": get_clean_message_list(messages, role_conversions=tool_role_conversions)}
        if stop_sequences is not None:
            completion_kwargs["stop"] = stop_sequences
        if tools_to_call_from:
            completion_kwargs["tools"] = [get_tool_json_schema(tool) for tool in tools_to_call_from]
            completion_kwargs["tool_choice"] = "required"
        completion_kwargs.update(kwargs)
        completion_kwargs.update(self.kwargs)
        return completion_kwargs

    def generate(self, messages, stop_sequences=None, tools_to_call_from=None, **kwargs) -> ChatMessage:
        completion_kwargs = self._prepare_completion_kwargs(messages, stop_sequences=stop_sequences, tools_to_call_from=tools_to_call_from, **kwargs)
        response = self.client.chat_completion(model=self.model_id, **completion_kwargs)
        return ChatMessage(role=response.choices[0].message.role, content=response.choices[0].message.content, tool_calls=response.choices[0].message.tool_calls)
