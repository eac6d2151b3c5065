"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/conversation/anthropic/utils.py (lines 51-160, 280-388), trimmed; not the original text.

Breakpoints: last tool, system, last message (earlier markers removed): three.
"""

import json
from copy import deepcopy

import anthropic

from khoj.processor.conversation.utils import ChatMessage


def format_messages_for_anthropic(raw_messages: list[ChatMessage], system_prompt: str | None = None):
    system_prompt = system_prompt or ""
    messages = deepcopy(raw_messages)
    for message in list(messages):
        if message.role == "system":
            system_prompt += "\n".join(part["text"] for part in message.content if part["type"] == "text")
            messages.remove(message)
    system = [{"type": "text", "text": system_prompt, "cache_control": {"type": "ephemeral"}}] if system_prompt else None
    if len(messages) > 2:
        for message in messages:
            for block in message.content:
                if isinstance(block, dict) and "cache_control" in block:
                    del block["cache_control"]
        last_block = messages[-1].content[-1]
        if last_block.get("type") == "text" and last_block.get("text", "").strip():
            last_block["cache_control"] = {"type": "ephemeral"}
    formatted = [{"role": m.role, "content": m.content} for m in messages]
    return formatted, system


def anthropic_completion_with_backoff(messages, system_prompt, model_name, api_key=None, tools=None, model_kwargs=None):
    client = anthropic.Anthropic(api_key=api_key)
    formatted_messages, system = format_messages_for_anthropic(messages, system_prompt)
    model_kwargs = model_kwargs or dict()
    if tools:
        model_kwargs["tools"] = [
            {"name": tool.name, "description": tool.description, "input_schema": tool.schema} for tool in tools
        ]
        last_tool = model_kwargs["tools"][-1]
        last_tool["cache_control"] = {"type": "ephemeral"}
    if system:
        model_kwargs["system"] = system
    with client.messages.stream(messages=formatted_messages, model=model_name, max_tokens=4096, **model_kwargs) as stream:
        final_message = stream.get_final_message()
    aggregated_response = "".join(b.text for b in final_message.content if b.type == "text")
    tool_calls = [
        {"name": item.name, "args": item.input, "id": item.id} for item in final_message.content if item.type == "tool_use"
    ]
    if tool_calls:
        # serialised once from the model's output and stored with the research iteration
        aggregated_response = json.dumps(tool_calls)
    return aggregated_response
