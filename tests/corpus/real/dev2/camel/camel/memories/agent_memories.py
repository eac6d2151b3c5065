"""Reconstruction of camel-ai/camel@13dc7a7dda66d943949e5448d55e70d5a9481cfe:camel/memories/agent_memories.py (lines 40-130), trimmed; not the original text."""

from typing import List, Optional

from camel.memories.blocks.chat_history_block import ChatHistoryBlock


class ChatHistoryMemory:
    def __init__(self, context_creator, storage, window_size: Optional[int] = None) -> None:
        self._context_creator = context_creator
        self._window_size = window_size
        self._chat_history_block = ChatHistoryBlock(storage=storage)

    def retrieve(self) -> List[dict]:
        return self._chat_history_block.retrieve(self._window_size)

    def get_context(self):
        return self._context_creator.create_context(self.retrieve())

    def clean_tool_calls(self) -> None:
        """Drop tool results and assistant tool-call messages from the stored history."""
        record_dicts = self._chat_history_block.storage.load()
        kept = [
            r for r in record_dicts
            if r.get("role_at_backend") not in ("function", "tool") and not r.get("meta_dict", {}).get("tool_calls")
        ]
        self._chat_history_block.storage.clear()
        self._chat_history_block.storage.save(kept)
