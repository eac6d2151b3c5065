"""Reconstruction of deepset-ai/haystack@c7cb46c0f28ad1984f60e5d3e9404b124a221437:haystack/components/generators/chat/openai.py (lines 503-563, 601-631, 695-731), trimmed; not the original text."""

from datetime import datetime

from haystack.dataclasses import StreamingChunk
from haystack.tools.utils import flatten_tools_or_toolsets


class OpenAIChatGenerator:
    def _prepare_api_call(self, *, messages, streaming_callback=None, generation_kwargs=None, tools=None, tools_strict=None):
        generation_kwargs = {**self.generation_kwargs, **(generation_kwargs or {})}
        openai_formatted_messages = [message.to_openai_dict_format() for message in messages]
        flattened_tools = flatten_tools_or_toolsets(tools or self.tools)
        openai_tools = {}
        if flattened_tools:
            tool_definitions = []
            for t in flattened_tools:
                function_spec = {**t.tool_spec}
                if tools_strict:
                    function_spec["strict"] = True
                    function_spec["parameters"] = _make_schema_strict(function_spec["parameters"])
                tool_definitions.append({"type": "function", "function": function_spec})
            openai_tools = {"tools": tool_definitions}
        return {"model": self.model, "messages": openai_formatted_messages, **openai_tools, **generation_kwargs}


def _make_schema_strict(schema: dict) -> dict:
    schema = {**schema}
    if schema.get("type") == "object" or "properties" in schema:
        schema["additionalProperties"] = False
        if "properties" in schema:
            schema["required"] = list(schema["properties"].keys())
            schema["properties"] = {k: _make_schema_strict(v) for k, v in schema["properties"].items()}
    if "items" in schema:
        schema["items"] = _make_schema_strict(schema["items"])
    return schema


def _convert_chat_completion_chunk_to_streaming_chunk(chunk, previous_chunks, component_info=None) -> StreamingChunk:
    return StreamingChunk(
        content="",
        component_info=component_info,
        meta={"model": chunk.model, "received_at": datetime.now().isoformat()},
    )
