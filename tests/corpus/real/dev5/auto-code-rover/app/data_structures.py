"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/data_structures.py (lines 31-137), trimmed; not the original text."""

import json
from typing import Any


class FunctionCallIntent:
    def __init__(self, func_name: str, arguments: dict[str, str]) -> None:
        self.func_name = func_name
        self.arg_values = dict(arguments)
        self.openai_func = {"name": func_name, "arguments": json.dumps(arguments)}


class MessageThread:
    def __init__(self, messages: list[dict[str, Any]] | None = None) -> None:
        self.messages: list[dict[str, Any]] = messages or []

    def add_system(self, message: str) -> None:
        self.messages.append({"role": "system", "content": message})

    def add_user(self, message: str) -> None:
        self.messages.append({"role": "user", "content": message})

    def add_model(self, message: str | None, tools: list[Any] | None = None) -> None:
        self.messages.append({"role": "assistant", "content": message})

    def to_msg(self) -> list[dict[str, Any]]:
        return self.messages
