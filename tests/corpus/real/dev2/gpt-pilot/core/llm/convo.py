"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/llm/convo.py (lines 5-150), trimmed; not the original text."""

from copy import deepcopy
from typing import Any, Optional


class Convo:
    ROLES = ["system", "user", "assistant", "function"]

    def __init__(self, content: Optional[str] = None):
        self.messages: list[dict[str, str]] = []
        self.prompt_log: list[dict[str, Any]] = []
        if content is not None:
            self.system(content)

    def add(self, role: str, content: str) -> "Convo":
        if role not in self.ROLES:
            raise ValueError(f"Unknown role: {role}")
        self.messages.append({"role": role, "content": content})
        return self

    def system(self, content: str) -> "Convo":
        return self.add("system", content)

    def user(self, content: str) -> "Convo":
        return self.add("user", content)

    def assistant(self, content: str) -> "Convo":
        return self.add("assistant", content)

    def fork(self) -> "Convo":
        child = Convo()
        child.messages = deepcopy(self.messages)
        child.prompt_log = deepcopy(self.prompt_log)
        return child
