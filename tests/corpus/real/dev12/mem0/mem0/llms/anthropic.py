"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/llms/anthropic.py (lines 97-140), trimmed; not the original text."""

from typing import Dict, List, Optional

from mem0.llms.base import LLMBase


class AnthropicLLM(LLMBase):
    def generate_response(self, messages: List[Dict[str, str]], response_format=None,
                          tools: Optional[List[Dict]] = None, tool_choice: str = "auto", **kwargs):
        system_message = ""
        filtered_messages = []
        for message in messages:
            if message["role"] == "system":
                system_message = message["content"]
            else:
                filtered_messages.append(message)
        params = self._get_supported_params(messages=messages, **kwargs)
        params.update(
            {
                "model": self.config.model,
                "messages": filtered_messages,
                "system": system_message,
            }
        )
        if tools:
            params["tools"] = tools
            params["tool_choice"] = {"type": tool_choice}
        response = self.client.messages.create(**params)
        return self._parse_response(response, tools)
