"""A chat session object that keeps its own history."""

from collections import deque
from datetime import datetime

import anthropic

client = anthropic.Anthropic()
SYSTEM = "You are a patient tutor for high-school physics."


class Session:
    def __init__(self) -> None:
        self.history: list[dict] = []
        self.window = deque(maxlen=50)

    def ask(self, question: str) -> str:
        self.history.append({"role": "user", "content": f"[{datetime.now():%H:%M}] {question}"})
        reply = client.messages.create(
            model="claude-haiku-4-5",
            max_tokens=600,
            system=SYSTEM,
            messages=self.history,
        )
        text = reply.content[0].text
        self.history.append({"role": "assistant", "content": text})
        if len(self.history) > 40:
            self.history.pop(0)  # expect: PL301
        return text

    def compact(self) -> None:
        self.history = self.history[-10:]  # expect: PL301


def build_messages(question: str, history: list[dict]) -> list[dict]:
    messages = []
    messages.extend(history)
    messages.insert(0, {"role": "system", "content": SYSTEM})
    messages.append({"role": "user", "content": question})
    return messages


def ask_once(question: str, history: list[dict]) -> str:
    msgs = build_messages(question, history)
    reply = client.messages.create(model="claude-haiku-4-5", max_tokens=600, messages=msgs[1:], system=SYSTEM)
    return reply.content[0].text
