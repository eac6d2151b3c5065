"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:agents/utils/tool_util.py
(lines 7-39), trimmed; not the original text."""

import asyncio
from typing import Any


async def _execute_single_tool(call: Any, tool_dict: dict[str, Any]) -> dict[str, Any]:
    response: dict[str, Any] = {"type": "tool_result", "tool_use_id": call.id}
    try:
        response["content"] = str(await tool_dict[call.name].execute(**call.input))
    except KeyError:
        response["content"] = f"Tool '{call.name}' not found"
        response["is_error"] = True
    return response


async def execute_tools(tool_calls: list[Any], tool_dict: dict[str, Any], parallel: bool = True) -> list:
    if parallel:
        # clean: gather returns the results in the order of the calls
        return await asyncio.gather(*[_execute_single_tool(call, tool_dict) for call in tool_calls])
    return [await _execute_single_tool(call, tool_dict) for call in tool_calls]
