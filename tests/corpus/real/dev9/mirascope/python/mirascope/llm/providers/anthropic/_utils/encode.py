"""Reconstruction of Mirascope/mirascope@41d433578653411dbff96c6eaca4fa869aafc931:python/mirascope/llm/providers/anthropic/_utils/encode.py (lines 186-307, 323-480), trimmed; not the original text."""

# convert_tool_to_tool_param is lru_cached and returns the same dict for the same tool
# object; encode_request then sets cache_control on that cached dict in place, so every
# tool that was ever last in some request keeps a breakpoint in all later requests.
from functools import lru_cache

from anthropic import types as anthropic_types

from ...base import _utils as _base_utils


def encode_content(content, add_cache_control: bool):
    if len(content) == 1 and content[0].type == "text":
        if add_cache_control:
            return [
                anthropic_types.TextBlockParam(
                    type="text", text=content[0].text, cache_control={"type": "ephemeral"}
                )
            ]
        return content[0].text
    return [anthropic_types.TextBlockParam(type="text", text=part.text) for part in content]


def _encode_message(message, add_cache_control: bool = False):
    if message.role == "assistant" and message.raw_message and not add_cache_control:
        return message.raw_message
    return {"role": message.role, "content": encode_content(message.content, add_cache_control)}


def _encode_messages(messages):
    """One breakpoint on the last message of a multi-turn conversation."""
    has_assistant_message = any(msg.role == "assistant" for msg in messages)
    encoded_messages = []
    for i, message in enumerate(messages):
        is_last = i == len(messages) - 1
        add_cache = has_assistant_message and is_last
        encoded_messages.append(_encode_message(message, add_cache))
    return encoded_messages


@lru_cache(maxsize=128)
def convert_tool_to_tool_param(tool):
    schema_dict = tool.parameters.model_dump(by_alias=True, exclude_none=True)
    schema_dict["type"] = "object"
    return anthropic_types.ToolParam(
        name=tool.name, description=tool.description, input_schema=schema_dict
    )


def encode_request(*, model_id, messages, tools, format, params):
    kwargs = {"model": model_id, "max_tokens": params.get("max_tokens", 16000)}
    anthropic_tools = [convert_tool_to_tool_param(tool) for tool in tools.tools]
    if format is not None and format.formatting_instructions:
        messages = _base_utils.add_system_instructions(messages, format.formatting_instructions)

    if anthropic_tools:
        last_tool = anthropic_tools[-1]
        last_tool["cache_control"] = anthropic_types.CacheControlEphemeralParam(type="ephemeral")  # expect: PL401
        kwargs["tools"] = anthropic_tools

    system_message_content, remaining_messages = _base_utils.extract_system_message(messages)
    kwargs["messages"] = _encode_messages(remaining_messages)
    if system_message_content:
        kwargs["system"] = [
            anthropic_types.TextBlockParam(
                type="text", text=system_message_content, cache_control={"type": "ephemeral"}
            )
        ]
    return messages, format, kwargs
