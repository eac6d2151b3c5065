"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/providers/llm/anthropic.py (lines 33-35,180-222,875-895), trimmed; not the original text."""

import uuid


def generate_tool_id() -> str:
    return f"tool_{uuid.uuid4().hex[:12]}"


class AnthropicCompletionProvider:
    def _get_base_args(self, generation_config) -> dict:
        args: dict = {"model": generation_config.model, "temperature": generation_config.temperature, "max_tokens": generation_config.max_tokens_to_sample}
        if generation_config.tools is not None:
            anthropic_tools = []
            for tool in generation_config.tools:
                anthropic_tools.append({"name": tool["function"]["name"], "description": tool["function"]["description"], "input_schema": tool["function"]["parameters"]})
            args["tools"] = anthropic_tools
        return args

    def _tool_call_chunk(self, buffer_data: dict) -> dict:
        # a fallback id for a streamed tool call that came without one; stored with the message
        return {
            "index": 0,
            "type": "function",
            "id": buffer_data["tool_id"] or f"call_{generate_tool_id()}",
            "function": {"name": buffer_data["tool_name"], "arguments": buffer_data["tool_json_buffer"]},
        }
