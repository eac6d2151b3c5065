"""Reconstruction of yihong0618/xiaogpt@135d18aa8ec55fcc99aa68251ee2212699325fec:xiaogpt/bot/qwen_bot.py (lines 13-101), trimmed; not the original text."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from xiaogpt.bot.base_bot import BaseBot, ChatHistoryMixin


class QwenBot(ChatHistoryMixin, BaseBot):
    name = "Qian Wen"

    def __init__(self, qwen_key: str) -> None:
        import dashscope

        self.history = []
        dashscope.api_key = qwen_key

    async def ask(self, query, **options):
        from dashscope import Generation

        self.history.append({"role": "user", "content": query})
        response = Generation.call(Generation.Models.qwen_turbo, messages=self.history, result_format="message")
        if response.status_code == HTTPStatus.OK:
            content = response.output.choices[0]["message"]["content"]
            self.history.append({"role": response.output.choices[0]["message"]["role"], "content": content})
            # keep last five
            first_history = self.history.pop(0)
            self.history = [first_history] + self.history[-5:]  # expect: PL301
            return content
        self.history.pop()
        return "没有返回"

    async def ask_stream(self, query: str, **options: Any):
        from dashscope import Generation

        self.history.append({"role": "user", "content": query})
        responses = Generation.call(
            Generation.Models.qwen_turbo,
            messages=self.history,
            result_format="message",
            stream=True,
            incremental_output=True,
        )
        full_content = ""
        role = None
        for response in responses:
            if response.status_code == HTTPStatus.OK:
                content = response.output.choices[0]["message"]["content"]
                full_content += content
                if not role:
                    role = response.output.choices[0]["message"]["role"]
                yield content
        self.history.append({"role": role, "content": full_content})
        first_history = self.history.pop(0)
        self.history = [first_history] + self.history[-5:]  # expect: PL301
