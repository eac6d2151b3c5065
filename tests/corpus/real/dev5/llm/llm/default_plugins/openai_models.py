"""Reconstruction of simonw/llm@f3f4f29c6e5e623c3776cbf6455dda2345638214:llm/default_plugins/openai_models.py (lines 1194-1286, 1323-1351), trimmed; not the original text."""

import json

from llm.parts import TextPart, ToolCallPart, ToolResultPart


class _Shared:
    def _append_llm_message(self, out, message, current_system):
        text_bits, tool_calls, tool_results = [], [], []
        for part in message.parts:
            if isinstance(part, TextPart):
                text_bits.append(part.text)
            elif isinstance(part, ToolCallPart):
                tool_calls.append(
                    {
                        "type": "function",
                        "id": part.tool_call_id,
                        # the parsed arguments, re-serialised in the order the model wrote them
                        "function": {"name": part.name, "arguments": json.dumps(part.arguments)},
                    }
                )
            elif isinstance(part, ToolResultPart):
                tool_results.append({"role": "tool", "tool_call_id": part.tool_call_id, "content": part.output})
        if message.role == "tool":
            out.extend(tool_results)
            return current_system
        if message.role == "system":
            text = "".join(text_bits)
            if text == current_system:
                return current_system
            current_system = text
        entry = {"role": message.role, "content": "".join(text_bits) or None}
        if tool_calls:
            entry["tool_calls"] = tool_calls
        out.append(entry)
        return current_system

    def build_messages(self, prompt, conversation):
        messages = []
        current_system = None
        for msg in prompt.messages:
            current_system = self._append_llm_message(messages, msg, current_system)
        return messages

    def build_kwargs(self, prompt, stream):
        kwargs = {}
        if prompt.schema:
            kwargs["response_format"] = {"type": "json_schema", "json_schema": {"name": "output", "schema": prompt.schema}}
        if prompt.tools:
            # in the order the caller gave them
            kwargs["tools"] = [
                {
                    "type": "function",
                    "function": {"name": tool.name, "description": tool.description or None, "parameters": tool.input_schema},
                }
                for tool in prompt.tools
            ]
        if stream:
            kwargs["stream_options"] = {"include_usage": True}
        return kwargs
