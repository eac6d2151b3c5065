"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-ext/src/autogen_ext/models/openai/_openai_client.py (lines 244-270, 582-608), trimmed; not the original text."""

from typing import List

from autogen_core.models import LLMMessage, SystemMessage


class BaseOpenAIChatCompletionClient:
    def _process_create_args(self, messages, tools, json_output, extra_create_args):
        if not self.model_info.get("multiple_system_messages", False):
            system_message_content = ""
            _messages: List[LLMMessage] = []
            first_idx = -1
            for idx, message in enumerate(messages):
                if isinstance(message, SystemMessage):
                    if first_idx == -1:
                        first_idx = idx
                    system_message_content += message.content + "\n"
                else:
                    _messages.append(message)
            system_message_content = system_message_content.rstrip()
            if system_message_content != "":
                _messages.insert(first_idx, SystemMessage(content=system_message_content))
            messages = _messages
        return messages


def convert_tools(tools) -> List[dict]:
    result: List[dict] = []
    for tool in tools:
        tool_schema = tool.schema if hasattr(tool, "schema") else tool
        result.append(
            {
                "type": "function",
                "function": {
                    "name": tool_schema["name"],
                    "description": tool_schema.get("description", ""),
                    "parameters": tool_schema.get("parameters", {}),
                    "strict": tool_schema.get("strict", False),
                },
            }
        )
    return result
