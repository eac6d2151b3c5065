"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/prompts/models.py (lines 20-40), trimmed; not the original text."""

from pydantic import BaseModel


class Message(BaseModel):
    role: str
    content: str
