"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/llm_client/client.py (lines 38-56, 153-267), trimmed; not the original text."""

import hashlib
import json
from abc import ABC, abstractmethod

from pydantic import BaseModel

from ..prompts.models import Message


def get_extraction_language_instruction(group_id: str | None = None) -> str:
    return "\n\nReturn extracted information in the language it was written in."


class LLMClient(ABC):
    def __init__(self, config, cache: bool = False):
        self.model = config.model
        self.cache_enabled = cache

    @abstractmethod
    async def _generate_response(self, messages: list[Message], response_model=None, max_tokens: int = 0):
        ...

    def _get_cache_key(self, messages: list[Message]) -> str:
        message_str = json.dumps([m.model_dump() for m in messages], sort_keys=True)
        return hashlib.md5(f"{self.model}:{message_str}".encode()).hexdigest()

    async def generate_response(
        self,
        messages: list[Message],
        response_model: type[BaseModel] | None = None,
        max_tokens: int | None = None,
        group_id: str | None = None,
    ) -> dict:
        if response_model is not None:
            serialized_model = json.dumps(response_model.model_json_schema())
            messages[-1].content += f"\n\nRespond with a JSON object in the following format:\n\n{serialized_model}"
        messages[0].content += get_extraction_language_instruction(group_id)
        return await self._generate_response(messages, response_model, max_tokens or 0)
