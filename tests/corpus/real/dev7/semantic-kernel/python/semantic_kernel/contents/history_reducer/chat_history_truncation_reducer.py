"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/contents/history_reducer/chat_history_truncation_reducer.py (lines 37-82), trimmed; not the original text.

threshold_count defaults to 0 (chat_history_reducer.py 25): once the history is past
target_count, every new message cuts the oldest ones again.
"""


class ChatHistoryTruncationReducer:
    def __init__(self, messages: list, target_count: int, threshold_count: int = 0):
        self.messages = messages
        self.target_count = target_count
        self.threshold_count = threshold_count

    async def reduce(self):
        history = self.messages
        if len(history) <= self.target_count + (self.threshold_count or 0):
            return None
        system_message_index = next((i for i, m in enumerate(history) if m.role in ("system", "developer")), -1)
        system_message = history[system_message_index] if system_message_index >= 0 else None
        truncation_index = len(history) - self.target_count
        truncated_list = history[truncation_index:]  # expect: PL301
        if system_message is not None and all(m is not system_message for m in truncated_list):
            truncated_list = [system_message, *truncated_list]
        self.messages = truncated_list
        return self
