"""Reconstruction of yihong0618/xiaogpt@135d18aa8ec55fcc99aa68251ee2212699325fec:xiaogpt/bot/base_bot.py (lines 37-58), trimmed; not the original text."""

from __future__ import annotations


class ChatHistoryMixin:
    history: list[tuple[str, str]]

    def has_history(self) -> bool:
        return bool(self.history)

    def change_prompt(self, new_prompt: str) -> None:
        if self.history:
            self.history[0][0] = new_prompt

    def get_messages(self) -> list[dict]:
        ms = []
        for h in self.history:
            ms.append({"role": "user", "content": h[0]})
            ms.append({"role": "assistant", "content": h[1]})
        return ms

    def add_message(self, query: str, message: str) -> None:
        self.history.append([f"{query}", message])
        # only keep 5 history
        first_history = self.history.pop(0)
        self.history = [first_history] + self.history[-5:]  # expect: PL301
