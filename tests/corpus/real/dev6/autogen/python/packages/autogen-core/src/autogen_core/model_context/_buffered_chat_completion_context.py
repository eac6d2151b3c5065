"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-core/src/autogen_core/model_context/_buffered_chat_completion_context.py (lines 28-41), trimmed; not the original text."""

from typing import List

from autogen_core.model_context._chat_completion_context import ChatCompletionContext
from autogen_core.models import FunctionExecutionResultMessage, LLMMessage


class BufferedChatCompletionContext(ChatCompletionContext):
    def __init__(self, buffer_size: int, initial_messages: List[LLMMessage] | None = None) -> None:
        super().__init__(initial_messages)
        self._buffer_size = buffer_size

    async def get_messages(self) -> List[LLMMessage]:
        messages = self._messages[-self._buffer_size :]  # expect: PL301
        if messages and isinstance(messages[0], FunctionExecutionResultMessage):
            messages = messages[1:]
        return messages
