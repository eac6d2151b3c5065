"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/core/entities.py (lines 25-51), trimmed; not the original text."""

from typing import Literal

from pydantic import BaseModel


class Message(BaseModel):
    role: Literal["system", "user", "assistant", "function"]
    content: str | None = None
    name: str | None = None
    function_call: dict | None = None
    key: str | None = None
    annotations: dict | None = None

    def to_openai(self) -> dict:
        obj = {"role": self.role, "content": self.content}
        if self.function_call:
            obj["function_call"] = self.function_call
        return obj
