"""Reconstruction of yihong0618/xiaogpt@135d18aa8ec55fcc99aa68251ee2212699325fec:xiaogpt/bot/gemini_bot.py (lines 32-87), trimmed; not the original text."""

from __future__ import annotations

from typing import Any

from xiaogpt.bot.base_bot import BaseBot, ChatHistoryMixin


class GeminiBot(ChatHistoryMixin, BaseBot):
    name = "Gemini"

    def __init__(self, gemini_key: str, gemini_api_domain: str, gemini_model: str) -> None:
        import google.generativeai as genai

        genai.configure(api_key=gemini_key)
        self.history = []
        model = genai.GenerativeModel(model_name=gemini_model or "gemini-2.0-flash-lite")
        self.convo = model.start_chat()

    async def ask(self, query, **options):
        response = self.convo.send_message(query)
        message = response.text.strip()
        if len(self.convo.history) > 10:
            self.convo.history = self.convo.history[2:]  # expect: PL301
        return message

    async def ask_stream(self, query: str, **options: Any):
        if len(self.convo.history) > 10:
            self.convo.history = self.convo.history[2:]  # expect: PL301
        response = self.convo.send_message(query, stream=True)
        for chunk in response:
            yield chunk.text
