"""Reconstruction of MervinPraison/PraisonAI@52e3e37b1c0ede378426e764fff38834f8e209c2:src/praisonai-agents/praisonaiagents/lite/__init__.py (lines 122-180), trimmed; not the original text."""

import threading
from collections.abc import Callable
from typing import Any


class LiteAgent:
    def __init__(self, instructions: str, llm_fn: Callable[[list[dict[str, str]]], str]) -> None:
        self.instructions = instructions
        self.llm_fn = llm_fn
        self.chat_history: list[dict[str, str]] = []
        self._history_lock = threading.Lock()

    def _build_messages(self, user_message: str) -> list[dict[str, str]]:
        messages = [{"role": "system", "content": self.instructions}]
        with self._history_lock:
            messages.extend(self.chat_history.copy())
        messages.append({"role": "user", "content": user_message})
        return messages

    def _add_to_history(self, role: str, content: str) -> None:
        with self._history_lock:
            self.chat_history.append({"role": role, "content": content})

    def chat(self, message: str) -> Any:
        messages = self._build_messages(message)
        response = self.llm_fn(messages)
        self._add_to_history("user", message)
        self._add_to_history("assistant", response)
        return response
