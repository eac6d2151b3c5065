"""Reconstruction of microsoft/RD-Agent@471eb30d1ec03f35631c532c58a52ce75d684037:rdagent/oai/backend/base.py (lines 286-345, 392-427, 615-660), trimmed; not the original text.

The LLM backend: a chat session that appends to a cached message list, the one-shot
message builder (system, optional former messages, user), the JSON-mode suffix and the
response cache keyed by the serialised messages.
"""

import json
import uuid
from copy import deepcopy
from typing import Any

from rdagent.oai.llm_conf import LLM_SETTINGS


class SessionChatHistoryCache:
    _store: dict = {}

    def message_get(self, conversation_id: str) -> list:
        return list(self._store.get(conversation_id, []))

    def message_set(self, conversation_id: str, message_value: list) -> None:
        self._store[conversation_id] = message_value


class ChatSession:
    def __init__(self, api_backend: Any, conversation_id: str | None = None, system_prompt: str | None = None) -> None:
        self.conversation_id = str(uuid.uuid4()) if conversation_id is None else conversation_id
        self.system_prompt = system_prompt if system_prompt is not None else LLM_SETTINGS.default_system_prompt
        self.api_backend = api_backend

    def build_chat_completion_message(self, user_prompt: str) -> list:
        messages = SessionChatHistoryCache().message_get(self.conversation_id)
        if not messages:
            messages.append({"role": LLM_SETTINGS.system_prompt_role, "content": self.system_prompt})
        messages.append({"role": "user", "content": user_prompt})
        return messages

    def build_chat_completion(self, user_prompt: str, **kwargs) -> str:
        messages = self.build_chat_completion_message(user_prompt)
        response: str = self.api_backend._try_create_chat_completion_or_embedding(messages=messages, chat_completion=True, **kwargs)
        messages.append({"role": "assistant", "content": response})
        SessionChatHistoryCache().message_set(self.conversation_id, messages)
        return response


class APIBackend:
    def __init__(self, cache=None, use_chat_cache: bool = False):
        self.cache = cache
        self.use_chat_cache = use_chat_cache

    def _build_messages(self, user_prompt: str, system_prompt: str | None = None, former_messages: list | None = None) -> list:
        if former_messages is None:
            former_messages = []
        system_prompt = LLM_SETTINGS.default_system_prompt if system_prompt is None else system_prompt
        messages = [{"role": LLM_SETTINGS.system_prompt_role, "content": system_prompt}]
        # No caller in the project passes former_messages.
        messages.extend(former_messages[-1 * LLM_SETTINGS.max_past_message_include :])
        messages.append({"role": "user", "content": user_prompt})
        return messages

    def _add_json_in_prompt(self, messages: list) -> None:
        # Applied to a fresh deep copy on every request: every message carries the suffix once.
        for message in messages[::-1]:
            message["content"] = message["content"] + "\nPlease respond in json format."
            if message["role"] == LLM_SETTINGS.system_prompt_role:
                break

    def _create_chat_completion_auto_continue(self, messages: list, json_mode: bool = False, seed: int | None = None, add_json_in_prompt: bool = False) -> str:
        # The serialised messages are only the response cache key.
        input_content_json = json.dumps(messages) + f"<seed={seed}/>"
        if self.use_chat_cache:
            cached = self.cache.chat_get(input_content_json)
            if cached is not None:
                return cached
        new_messages = deepcopy(messages)
        if json_mode and add_json_in_prompt:
            self._add_json_in_prompt(new_messages)
        return self._create_chat_completion_inner_function(messages=new_messages)

    def _create_chat_completion_inner_function(self, messages: list) -> str:
        raise NotImplementedError

    def _try_create_chat_completion_or_embedding(self, messages: list, chat_completion: bool = True, **kwargs) -> str:
        return self._create_chat_completion_auto_continue(messages, **kwargs)
