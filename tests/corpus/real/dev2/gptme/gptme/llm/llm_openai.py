"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/llm/llm_openai.py (lines 979-1070, 1519-1548), trimmed; not the original text.

Tool calls are stored in the assistant message text and re-parsed from that same
text on every request, so json.dumps sees the same key order each time.
"""

import json

from openai import OpenAI

from ..message import Message
from ..tools import ToolSpec
from .tooluse import extract_tool_uses_from_assistant_message


def _handle_tools(message_dicts: list[dict]) -> list[dict]:
    out = []
    for message in message_dicts:
        if message["role"] == "assistant":
            content, tool_uses = extract_tool_uses_from_assistant_message(message["content"])
            tool_calls = [
                {
                    "id": tooluse.call_id or "",
                    "type": "function",
                    "function": {"name": tooluse.tool, "arguments": json.dumps(tooluse.kwargs or {})},
                }
                for tooluse in tool_uses
            ]
            out.append({"role": "assistant", "content": content, "tool_calls": tool_calls} if tool_calls else message)
        else:
            out.append(message)
    return out


def chat(messages: list[Message], model: str, tools: list[ToolSpec] | None) -> str:
    client = OpenAI()
    messages_dicts = _handle_tools([{"role": m.role, "content": m.content} for m in messages])
    tools_dict = [{"type": "function", "function": {"name": t.name, "description": t.desc}} for t in tools or []]
    response = client.chat.completions.create(model=model, messages=messages_dicts, tools=tools_dict or None)
    return response.choices[0].message.content or ""
