"""Reconstruction of pinecone-io/canopy@fabb7d7c8bafffd9c7d0890c1624bec75e5bef77:src/canopy/chat_engine/history_pruner/recent.py (lines 1-50), trimmed; not the original text."""
from typing import Optional

from canopy.chat_engine.history_pruner.base import HistoryPruner


class RecentHistoryPruner(HistoryPruner):
    def __init__(self, min_history_messages: int = 1):
        super().__init__()
        self._min_history_messages = min_history_messages

    def build(self, chat_history, max_tokens: int, system_prompt: Optional[str] = None, context=None):
        max_tokens = self._max_tokens_history(max_tokens, system_prompt, context)
        token_count = self._tokenizer.messages_token_count(chat_history)
        if token_count < max_tokens:
            return chat_history

        truncated_history = chat_history[-self._min_history_messages:]
        token_count = self._tokenizer.messages_token_count(truncated_history)
        if token_count > max_tokens:
            raise ValueError("The most recent messages exceed the limit")

        for message in reversed(chat_history[:-self._min_history_messages]):  # expect: PL301
            token_count = self._tokenizer.messages_token_count(truncated_history + [message])
            if token_count > max_tokens:
                break
            truncated_history.insert(0, message)
        return truncated_history
