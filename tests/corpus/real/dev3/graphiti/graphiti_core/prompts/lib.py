"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/prompts/lib.py (lines 69-90), trimmed; not the original text."""

from typing import Any, Callable

from .models import Message
from .prompt_helpers import DO_NOT_ESCAPE_UNICODE


class VersionWrapper:
    def __init__(self, func: Callable[[dict[str, Any]], list[Message]]):
        self.func = func

    def __call__(self, context: dict[str, Any]) -> list[Message]:
        messages = self.func(context)
        for message in messages:
            # a constant suffix on the system message of every prompt
            message.content += DO_NOT_ESCAPE_UNICODE if message.role == "system" else ""
        return messages
