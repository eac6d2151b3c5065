"""Reconstruction of yihong0618/xiaogpt@135d18aa8ec55fcc99aa68251ee2212699325fec:xiaogpt/bot/chatgptapi_bot.py (lines 16-70), trimmed; not the original text."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import httpx
import openai

from xiaogpt.bot.base_bot import BaseBot, ChatHistoryMixin


@dataclasses.dataclass
class ChatGPTBot(ChatHistoryMixin, BaseBot):
    name: ClassVar[str] = "ChatGPT"
    default_options: ClassVar[dict[str, str]] = {"model": "gpt-4o-mini"}
    openai_key: str
    api_base: str | None = None
    history: list[tuple[str, str]] = dataclasses.field(default_factory=list, init=False)

    async def ask(self, query, **options):
        ms = self.get_messages()
        ms.append({"role": "user", "content": f"{query}"})
        kwargs = {**self.default_options, **options}
        async with httpx.AsyncClient(trust_env=True) as sess:
            client = openai.AsyncOpenAI(api_key=self.openai_key, http_client=sess, base_url=self.api_base)
            completion = await client.chat.completions.create(messages=ms, **kwargs)
            message = completion.choices[0].message.content
            self.add_message(query, message)
            return message
