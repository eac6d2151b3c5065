"""Reconstruction of camel-ai/camel@13dc7a7dda66d943949e5448d55e70d5a9481cfe:camel/memories/blocks/chat_history_block.py (lines 54-145), trimmed; not the original text.

retrieve() runs on every agent step; window_size comes from ChatAgent(message_window_size=...).
"""

from typing import List, Optional

SYSTEM_ROLES = {"system", "developer"}


class ChatHistoryBlock:
    def __init__(self, storage) -> None:
        self.storage = storage

    def retrieve(self, window_size: Optional[int] = None) -> List[dict]:
        record_dicts = self.storage.load()
        if not record_dicts:
            return []
        if window_size is not None and window_size >= 0:
            start_index = 1 if record_dicts[0]["role_at_backend"] in SYSTEM_ROLES else 0
            preserved_messages = record_dicts[:start_index]
            sliding_messages = record_dicts[start_index:]
            truncated_messages = [] if window_size == 0 else sliding_messages[-window_size:]  # expect: PL301
            final_records = preserved_messages + truncated_messages
        else:
            final_records = record_dicts
        return final_records
