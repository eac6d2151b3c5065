"""Reconstruction of yihong0618/xiaogpt@135d18aa8ec55fcc99aa68251ee2212699325fec:xiaogpt/bot/langchain_bot.py (lines 15-63), trimmed; not the original text."""

from __future__ import annotations

import os

from langchain.memory import ConversationBufferWindowMemory

from xiaogpt.bot.base_bot import BaseBot
from xiaogpt.langchain.chain import agent_search


class LangChainBot(BaseBot):
    name = "Lang Chain"

    def __init__(self, openai_key: str, serpapi_api_key: str, proxy: str | None = None, api_base: str | None = None) -> None:
        os.environ["OPENAI_API_KEY"] = openai_key
        os.environ["SERPAPI_API_KEY"] = serpapi_api_key
        self.memory = ConversationBufferWindowMemory(return_messages=True)  # expect: PL301

    def has_history(self) -> bool:
        return len(self.memory.chat_memory.messages) > 0

    def change_prompt(self, new_prompt: str) -> None:
        self.memory.clear()
        self.memory.chat_memory.add_user_message(new_prompt)

    async def ask(self, query, **options):
        return await agent_search(query, self.memory)
