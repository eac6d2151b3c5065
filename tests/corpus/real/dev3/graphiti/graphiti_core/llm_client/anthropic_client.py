"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/llm_client/anthropic_client.py (lines 177-213, 254-300), trimmed; not the original text."""

import typing

from pydantic import BaseModel

from ..prompts.models import Message
from .client import LLMClient


class AnthropicClient(LLMClient):
    def _create_tool(self, response_model: type[BaseModel] | None = None):
        if response_model is not None:
            model_schema = response_model.model_json_schema()
            tool_name = response_model.__name__
            description = model_schema.get("description", f"Extract {tool_name} information")
        else:
            tool_name = "generic_json_output"
            description = "Output data in JSON format"
            model_schema = {"type": "object", "additionalProperties": True}
        tool = {"name": tool_name, "description": description, "input_schema": model_schema}
        return [tool], {"type": "tool", "name": tool_name}

    async def _generate_response(self, messages: list[Message], response_model=None, max_tokens: int = 0):
        system_message = messages[0]
        user_messages = [{"role": m.role, "content": m.content} for m in messages[1:]]
        tools, tool_choice = self._create_tool(response_model)
        result = await self.client.messages.create(
            system=system_message.content,
            max_tokens=max_tokens,
            temperature=self.temperature,
            messages=typing.cast(list, user_messages),
            model=self.model,
            tools=tools,
            tool_choice=tool_choice,
        )
        return result
