"""Reconstruction of agiresearch/AIOS@2155966d68908f90c6c264a7935495e149c3869f:aios/llm_core/utils.py (lines 12-89, 303-325), trimmed; not the original text.

The tool / JSON instructions are appended to a copy of the last message of each request; the
stored history keeps that message without them, so the next request sends it differently.
"""

import json
from copy import deepcopy


def merge_messages_with_tools(messages: list, tools: list) -> list:
    tool_prompt = f"\nYou have access to the following tools:\n\n{json.dumps(tools)}"
    format_prompt = '\nTo use a tool, respond with a JSON object like [{"name": "tool_name", "parameters": {"arg1": "value1"}}].\n'
    new_messages = deepcopy(messages)
    new_messages[-1]["content"] += tool_prompt + format_prompt  # expect: PL301
    return new_messages


def merge_messages_with_response_format(messages: list, response_format: dict) -> list:
    if response_format:
        schema_str = json.dumps(response_format["json_schema"], indent=2)
        format_prompt = f"\nYou MUST respond with a JSON object that conforms to the following schema:\n\n{schema_str}\n"
    else:
        format_prompt = "\nYou MUST respond with a valid JSON object.\n"
    new_messages = deepcopy(messages)
    new_messages[-1]["content"] += format_prompt  # expect: PL301
    return new_messages


def slash_to_double_underscore(tools: list) -> list:
    for tool in tools:
        tool_name = tool["function"]["name"]
        if "/" in tool_name:
            tool["function"]["name"] = "__".join(tool_name.split("/"))
    return tools
