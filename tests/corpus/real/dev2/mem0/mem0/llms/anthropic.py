"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/llms/anthropic.py (lines 97-150), trimmed; not the original text."""

import anthropic


class AnthropicLLM:
    def __init__(self, model: str = "claude-sonnet-4-5"):
        self.model = model
        self.client = anthropic.Anthropic()

    def generate_response(self, messages: list[dict], response_format=None, tools=None, tool_choice="auto", **kwargs):
        system_message = ""
        filtered_messages = []
        for message in messages:
            if message["role"] == "system":
                system_message = message["content"]
            else:
                filtered_messages.append(message)
        params = {"model": self.model, "messages": filtered_messages, "system": system_message, "max_tokens": 2000}
        if tools:
            params["tools"] = tools
            params["tool_choice"] = tool_choice
        response = self.client.messages.create(**params)
        return response.content[0].text
