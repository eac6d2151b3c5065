"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/integrations/local/file_system_conversation_store.py (lines 65-100), trimmed; not the original text."""

import json
import time


class FileSystemConversationStore:
    def __init__(self, base_dir):
        self.base_dir = base_dir

    def _get_messages_dir(self, conversation_id: str):
        return self.base_dir / conversation_id / "messages"

    def _load_messages(self, conversation_id: str) -> list:
        messages_dir = self._get_messages_dir(conversation_id)
        if not messages_dir.exists():
            return []
        messages = []
        # file names are "<microseconds>_<index>", so name order is the order they were written
        message_files = sorted(messages_dir.glob("*.json"))
        for file_path in message_files:
            with open(file_path, "r") as f:
                messages.append(json.load(f))
        return messages

    def _append_message(self, conversation_id: str, message: dict, index: int) -> None:
        messages_dir = self._get_messages_dir(conversation_id)
        messages_dir.mkdir(parents=True, exist_ok=True)
        timestamp = int(time.time() * 1000000)
        with open(messages_dir / f"{timestamp}_{index:06d}.json", "w") as f:
            json.dump(message, f)
