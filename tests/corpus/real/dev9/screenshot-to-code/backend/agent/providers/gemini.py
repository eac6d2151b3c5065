"""Reconstruction of abi/screenshot-to-code@0dbb768833bb226a812093915f69e29e4c4ce98d:backend/agent/providers/gemini.py (lines 226-298, 370-410), trimmed; not the original text."""

# A call without an id gets a random one once; the model turn and the response that
# carries it are appended and re-sent unchanged.
import uuid

from google.genai import types


async def _parse_chunk(chunk, state, on_event):
    candidate_content = chunk.candidates[0].content
    for part in candidate_content.parts:
        state.model_parts.append(part)
        if part.function_call:
            args = part.function_call.args or {}
            tool_id = part.function_call.id or f"tool-{uuid.uuid4().hex[:6]}"
            state.tool_calls.append({"id": tool_id, "name": part.function_call.name, "arguments": args})
            continue
        if part.text:
            state.assistant_text += part.text


class GeminiProviderSession:
    def __init__(self, contents):
        self._contents = contents

    async def append_tool_results(self, turn, executed_tool_calls):
        self._contents.append(turn.assistant_turn)
        tool_result_parts = [
            types.Part(
                function_response=types.FunctionResponse(
                    id=executed.tool_call.id, name=executed.tool_call.name, response=executed.result.result
                )
            )
            for executed in executed_tool_calls
        ]
        self._contents.append(types.Content(role="user", parts=tool_result_parts))
