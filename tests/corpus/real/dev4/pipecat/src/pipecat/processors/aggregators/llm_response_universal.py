"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/processors/aggregators/llm_response_universal.py (lines 413-452, 856-866, 1747-1779, 1908-1930, 2157-2165), trimmed; not the original text.

The aggregators append each user turn, assistant turn, tool call and tool result to the shared
LLMContext; the tool-change announcement names the added / removed tools sorted.
"""

import json

from pipecat.processors.aggregators import async_tool_messages
from pipecat.processors.aggregators.llm_context import LLMSpecificMessage


class LLMContextAggregator:
    TOOL_ACTIVATION_MESSAGE_TEMPLATE = "These tools are now available: {function_names}."
    TOOL_DEACTIVATION_MESSAGE_TEMPLATE = "These tools are no longer available: {function_names}."

    def __init__(self, context, role="user", add_tool_change_messages=True):
        self._context = context
        self.role = role
        self._add_tool_change_messages = add_tool_change_messages
        self._aggregation = []
        self._function_calls_in_progress = {}

    def _maybe_add_tool_change_messages(self, new_tools):
        if not self._add_tool_change_messages:
            return

        def _names(tools):
            if tools is None:
                return set()
            return {s.name for s in tools.standard_tools}

        old_names = _names(self._context.tools)
        new_names = _names(new_tools)
        added = new_names - old_names
        removed = old_names - new_names
        parts = []
        if added:
            names = ", ".join(f"`{n}`" for n in sorted(added))
            parts.append(self.TOOL_ACTIVATION_MESSAGE_TEMPLATE.format(function_names=names))
        if removed:
            names = ", ".join(f"`{n}`" for n in sorted(removed))
            parts.append(self.TOOL_DEACTIVATION_MESSAGE_TEMPLATE.format(function_names=names))
        if parts:
            self._context.add_message({"role": "developer", "content": " ".join(parts)})


class LLMUserAggregator(LLMContextAggregator):
    async def push_aggregation(self):
        if not self._aggregation:
            return ""
        aggregation = " ".join(self._aggregation)
        self._aggregation = []
        self._context.add_message({"role": self.role, "content": aggregation})
        return aggregation


class LLMAssistantAggregator(LLMContextAggregator):
    async def _handle_function_call_in_progress(self, frame):
        self._context.add_message(
            {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": frame.tool_call_id,
                        "function": {
                            "name": frame.function_name,
                            "arguments": json.dumps(frame.arguments, ensure_ascii=False),
                        },
                        "type": "function",
                    }
                ],
            }
        )
        self._context.add_message(
            {"role": "tool", "content": "IN_PROGRESS", "tool_call_id": frame.tool_call_id}
        )
        self._function_calls_in_progress[frame.tool_call_id] = frame

    async def _handle_function_call_finished(self, frame, in_progress_frame):
        is_async = not in_progress_frame.cancel_on_interruption
        del self._function_calls_in_progress[frame.tool_call_id]
        result = json.dumps(frame.result, ensure_ascii=False) if frame.result else "COMPLETED"
        if is_async:
            self._context.add_message(
                async_tool_messages.build_final_result_message(frame.tool_call_id, result)
            )
        else:
            self._update_function_call_result(frame.function_name, frame.tool_call_id, result)

    def _update_function_call_result(self, function_name, tool_call_id, result):
        for message in self._context.get_messages():
            if (
                not isinstance(message, LLMSpecificMessage)
                and message["role"] == "tool"
                and message["tool_call_id"] == tool_call_id
            ):
                message["content"] = result
