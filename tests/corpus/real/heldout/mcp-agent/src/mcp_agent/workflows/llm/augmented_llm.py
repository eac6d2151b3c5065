"""Reconstruction of lastmile-ai/mcp-agent@04cae7ea5ba3a5c4e62c22884938699c73705651:src/mcp_agent/workflows/llm/augmented_llm.py (lines 105-125), trimmed; not the original text."""
from typing import List

from pydantic import BaseModel, Field


class SimpleMemory(BaseModel):
    history: List = Field(default_factory=list)

    def extend(self, messages):
        self.history.extend(messages)

    def set(self, messages):
        self.history = messages.copy()

    def append(self, message):
        self.history.append(message)

    def get(self):
        return list(self.history)
