"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/schema.py (lines 230-250, 319-334), trimmed; not the original text."""

import uuid
from typing import Any, Dict

from pydantic import BaseModel, Field, field_validator


class Message(BaseModel):
    id: str = Field(default="", validate_default=True)
    content: str
    role: str = "user"
    metadata: Dict[str, Any] = Field(default_factory=dict)

    @field_validator("id", mode="before")
    @classmethod
    def check_id(cls, id: str) -> str:
        return id if id else uuid.uuid4().hex

    def __str__(self):
        return f"{self.role}: {self.content}"

    def to_dict(self) -> dict:
        return {"role": self.role, "content": self.content}
