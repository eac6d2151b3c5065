"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-core/src/autogen_core/model_context/_head_and_tail_chat_completion_context.py (lines 32-67), trimmed; not the original text."""

from typing import List

from autogen_core.model_context._chat_completion_context import ChatCompletionContext
from autogen_core.models import FunctionExecutionResultMessage, LLMMessage, UserMessage


class HeadAndTailChatCompletionContext(ChatCompletionContext):
    def __init__(self, head_size: int, tail_size: int, initial_messages: List[LLMMessage] | None = None) -> None:
        super().__init__(initial_messages)
        self._head_size = head_size
        self._tail_size = tail_size

    async def get_messages(self) -> List[LLMMessage]:
        head_messages = self._messages[: self._head_size]
        tail_messages = self._messages[-self._tail_size :]  # expect: PL301
        if tail_messages and isinstance(tail_messages[0], FunctionExecutionResultMessage):
            tail_messages = tail_messages[1:]
        num_skipped = len(self._messages) - self._head_size - self._tail_size
        if num_skipped <= 0:
            return self._messages
        placeholder_messages = [UserMessage(content=f"Skipped {num_skipped} messages.", source="System")]
        return head_messages + placeholder_messages + tail_messages
