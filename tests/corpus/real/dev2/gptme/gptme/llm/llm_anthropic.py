"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/llm/llm_anthropic.py (lines 685-720, 1266-1282, 1300-1447), trimmed; not the original text."""

import anthropic

from ..message import Message
from ..tools import ToolSpec
from .utils import apply_cache_control


def _spec2tool(spec: ToolSpec) -> dict:
    return {"name": spec.name, "description": spec.desc, "input_schema": {"type": "object", "properties": {}}}


def _prepare_messages_for_api(messages: list[Message], tools: list[ToolSpec] | None):
    system_messages = [{"type": "text", "text": m.content} for m in messages if m.role == "system" and m.pinned]
    rest = [m for m in messages if not (m.role == "system" and m.pinned)]
    messages_dicts = [
        {"role": "user" if m.role == "system" else m.role, "content": [{"type": "text", "text": m.content.rstrip()}]}
        for m in rest
    ]
    tools_dict = [_spec2tool(tool) for tool in tools] if tools else None
    messages_dicts, system_messages = apply_cache_control(messages_dicts, system_messages)
    return messages_dicts, system_messages, tools_dict


def chat(messages: list[Message], model: str, tools: list[ToolSpec] | None) -> str:
    client = anthropic.Anthropic()
    messages_dicts, system_messages, tools_dict = _prepare_messages_for_api(messages, tools)
    response = client.messages.create(
        model=model,
        messages=messages_dicts,
        system=system_messages,
        tools=tools_dict or [],
        max_tokens=4096,
    )
    return "".join(block.text for block in response.content if block.type == "text")
