"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/examples/extensibility_example.py (lines 144-164), trimmed; not the original text."""

from typing import List

from vanna.core.filter import ConversationFilter


class ContextWindowFilter(ConversationFilter):
    def __init__(self, max_messages: int = 20) -> None:
        self.max_messages = max_messages

    async def filter_messages(self, messages: List) -> List:
        if len(messages) <= self.max_messages:
            return messages
        system_messages = [m for m in messages if m.role == "system"]
        other_messages = [m for m in messages if m.role != "system"]
        # applied to the whole conversation before every request
        recent_messages = other_messages[-self.max_messages :]  # expect: PL301
        return system_messages + recent_messages
