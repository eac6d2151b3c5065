"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/conversation/anthropic/utils.py (lines 51-100, 280-388), trimmed; not the original text."""

from copy import deepcopy

import anthropic


def anthropic_completion_with_backoff(messages, system_prompt, model_name: str, api_key=None, api_base_url=None, model_kwargs=None, tools=None, tracer: dict = {}):
    client = get_anthropic_client(api_key, api_base_url)
    formatted_messages, system = format_messages_for_anthropic(messages, system_prompt)
    model_kwargs = model_kwargs or dict()
    if tools:
        model_kwargs["tools"] = [anthropic.types.ToolParam(name=tool.name, description=tool.description, input_schema=tool.schema) for tool in tools]
        last_tool = model_kwargs["tools"][-1]
        last_tool["cache_control"] = {"type": "ephemeral"}
    if system:
        model_kwargs["system"] = system
    return client.messages.create(messages=formatted_messages, model=model_name, **model_kwargs)


def format_messages_for_anthropic(raw_messages, system_prompt: str = None):
    system_prompt = system_prompt or ""
    messages = deepcopy(raw_messages)
    for message in messages:
        if message.role == "system":
            system_prompt += message.content if isinstance(message.content, str) else "\n".join(part["text"] for part in message.content if part["type"] == "text")
            messages.remove(message)
    if system_prompt:
        system = [{"type": "text", "text": system_prompt, "cache_control": {"type": "ephemeral"}}]
    else:
        system = None
    for message in messages:
        if isinstance(message.content, str):
            message.content = [{"type": "text", "text": message.content}]
    if len(messages) > 2:
        for message in messages:
            if isinstance(message.content, list):
                for block in message.content:
                    if isinstance(block, dict) and "cache_control" in block:
                        del block["cache_control"]
        cache_message = messages[-1]
        if isinstance(cache_message.content, list) and cache_message.content:
            last_block = cache_message.content[-1]
            if isinstance(last_block, dict) and last_block.get("type") == "text" and last_block.get("text", "").strip():
                last_block["cache_control"] = {"type": "ephemeral"}
    formatted_messages = [anthropic.types.MessageParam(role=message.role, content=message.content) for message in messages]
    return formatted_messages, system
