"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-core/src/autogen_core/model_context/_token_limited_chat_completion_context.py (lines 57-77), trimmed; not the original text."""

from typing import List

from autogen_core.model_context._chat_completion_context import ChatCompletionContext
from autogen_core.models import FunctionExecutionResultMessage, LLMMessage


class TokenLimitedChatCompletionContext(ChatCompletionContext):
    async def get_messages(self) -> List[LLMMessage]:
        messages = list(self._messages)
        if self._token_limit is None:
            remaining_tokens = self._model_client.remaining_tokens(messages, tools=self._tool_schema)
            while remaining_tokens < 0 and len(messages) > 0:
                messages.pop(len(messages) // 2)  # expect: PL301
                remaining_tokens = self._model_client.remaining_tokens(messages, tools=self._tool_schema)
        else:
            token_count = self._model_client.count_tokens(messages, tools=self._tool_schema)
            while token_count > self._token_limit and len(messages) > 0:
                messages.pop(len(messages) // 2)  # expect: PL301
                token_count = self._model_client.count_tokens(messages, tools=self._tool_schema)
        if messages and isinstance(messages[0], FunctionExecutionResultMessage):
            messages = messages[1:]
        return messages
