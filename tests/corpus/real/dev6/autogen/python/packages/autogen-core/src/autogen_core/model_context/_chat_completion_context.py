"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-core/src/autogen_core/model_context/_chat_completion_context.py (lines 1-40), trimmed; not the original text. UnboundedChatCompletionContext stands for _unbounded_chat_completion_context.py (21-23)."""

from typing import List

from autogen_core.models import LLMMessage


class ChatCompletionContext:
    def __init__(self, initial_messages: List[LLMMessage] | None = None) -> None:
        self._messages: List[LLMMessage] = list(initial_messages or [])

    async def add_message(self, message: LLMMessage) -> None:
        self._messages.append(message)


class UnboundedChatCompletionContext(ChatCompletionContext):
    async def get_messages(self) -> List[LLMMessage]:
        return self._messages
