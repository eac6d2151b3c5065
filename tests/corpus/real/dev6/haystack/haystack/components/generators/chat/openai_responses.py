"""Reconstruction of deepset-ai/haystack@c7cb46c0f28ad1984f60e5d3e9404b124a221437:haystack/components/generators/chat/openai_responses.py (lines 514-566), trimmed; not the original text."""

from haystack.tools.utils import flatten_tools_or_toolsets


class OpenAIResponsesChatGenerator:
    def _prepare_api_call(self, *, messages, streaming_callback=None, generation_kwargs=None, tools=None, tools_strict=None):
        generation_kwargs = {**self.generation_kwargs, **(generation_kwargs or {})}
        openai_formatted_messages: list = []
        for message in messages:
            openai_formatted_messages.extend(_convert_chat_message_to_responses_api_format(message))
        tools = tools or self.tools
        openai_tools = {}
        if tools:
            tool_definitions: list = []
            for t in flatten_tools_or_toolsets(tools):
                function_spec = {**t.tool_spec}
                if not tools_strict:
                    function_spec["strict"] = False
                function_spec["parameters"] = {**function_spec["parameters"], "additionalProperties": False}
                tool_definitions.append({"type": "function", **function_spec})
            openai_tools = {"tools": tool_definitions}
        return {"model": self.model, "input": openai_formatted_messages, **openai_tools, **generation_kwargs, "stream": streaming_callback is not None}


def _convert_chat_message_to_responses_api_format(message) -> list:
    return [message.to_openai_dict_format()]
