"""Reconstruction of Mirascope/mirascope@41d433578653411dbff96c6eaca4fa869aafc931:python/mirascope/llm/providers/anthropic/_utils/beta_encode.py (lines 158-296), trimmed; not the original text."""

# The beta encoder builds fresh tool dicts per request: at most three breakpoints
# (last tool, system, last message).
from anthropic.types.beta import BetaCacheControlEphemeralParam, BetaTextBlockParam

from ...base import _utils as _base_utils
from .encode import _encode_messages


def _beta_convert_tool_to_tool_param(tool, model_supports_strict: bool):
    schema_dict = tool.parameters.model_dump(by_alias=True, exclude_none=True)
    schema_dict["type"] = "object"
    return {"name": tool.name, "description": tool.description, "input_schema": schema_dict}


def beta_encode_request(*, model_id, messages, tools, format, params):
    kwargs = {"model": model_id, "max_tokens": params.get("max_tokens", 16000)}
    anthropic_tools = [
        _beta_convert_tool_to_tool_param(tool, model_supports_strict=True)
        for tool in tools.tools
    ]
    if anthropic_tools:
        last_tool = anthropic_tools[-1]
        last_tool["cache_control"] = BetaCacheControlEphemeralParam(type="ephemeral")
        kwargs["tools"] = anthropic_tools

    system_message_content, remaining_messages = _base_utils.extract_system_message(messages)
    kwargs["messages"] = _encode_messages(remaining_messages)
    if system_message_content:
        kwargs["system"] = [
            BetaTextBlockParam(
                type="text", text=system_message_content, cache_control={"type": "ephemeral"}
            )
        ]
    return messages, format, kwargs
