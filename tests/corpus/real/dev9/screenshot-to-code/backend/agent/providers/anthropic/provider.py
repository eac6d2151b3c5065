"""Reconstruction of abi/screenshot-to-code@0dbb768833bb226a812093915f69e29e4c4ce98d:backend/agent/providers/anthropic/provider.py (lines 310-333, 342-387, 418-467), trimmed; not the original text."""

# One top-level cache_control breakpoint; the tool loop only appends.
import json


class AnthropicProviderSession:
    def __init__(self, client, model, system_prompt, messages, tools):
        self._client = client
        self._model = model
        self._system_prompt = system_prompt
        self._messages = messages
        self._tools = tools

    async def stream_turn(self, on_event):
        stream_kwargs = {
            "model": self._model,
            "max_tokens": 50000,
            "system": self._system_prompt,
            "messages": self._messages,
            "tools": self._tools,
            "cache_control": {"type": "ephemeral"},
        }
        async with self._client.messages.stream(**stream_kwargs) as stream:
            async for event in stream:
                await on_event(event)
            return await stream.get_final_message()

    async def append_tool_results(self, turn, executed_tool_calls):
        assistant_blocks = []
        if turn.assistant_text:
            assistant_blocks.append({"type": "text", "text": turn.assistant_text})
        for call in turn.tool_calls:
            assistant_blocks.append({"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments})
        self._messages.append({"role": "assistant", "content": assistant_blocks})
        tool_result_blocks = []
        for executed in executed_tool_calls:
            result_json = json.dumps(executed.result.result)
            tool_result_blocks.append(
                {"type": "tool_result", "tool_use_id": executed.tool_call.id, "content": result_json, "is_error": not executed.result.ok}
            )
        self._messages.append({"role": "user", "content": tool_result_blocks})
