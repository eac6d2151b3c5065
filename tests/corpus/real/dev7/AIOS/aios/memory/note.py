"""Reconstruction of agiresearch/AIOS@2155966d68908f90c6c264a7935495e149c3869f:aios/memory/note.py (lines 24-80), trimmed; not the original text."""

import uuid
from datetime import datetime


class MemoryNote:
    def __init__(self, content: str, id: str | None = None, context: str = "General", category: str = "Uncategorized", timestamp: str | None = None):
        self.content = content
        self.id = id or str(uuid.uuid4())
        self.context = context
        self.category = category
        current_time = datetime.now().strftime("%Y%m%d%H%M")
        self.timestamp = timestamp or current_time

    def to_dict(self) -> dict:
        return {"id": self.id, "content": self.content, "context": self.context, "category": self.category, "timestamp": self.timestamp or ""}
