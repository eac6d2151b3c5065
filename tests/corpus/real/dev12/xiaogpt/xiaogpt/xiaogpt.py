"""Reconstruction of yihong0618/xiaogpt@135d18aa8ec55fcc99aa68251ee2212699325fec:xiaogpt/xiaogpt.py (lines 193-204, 290-300, 355-418), trimmed; not the original text."""

from __future__ import annotations

import re


class MiGPT:
    def _change_prompt(self, new_prompt):
        new_prompt = re.sub(rf"^({'|'.join(self.config.change_prompt_keyword)})", "", new_prompt)
        new_prompt = "以下都" + new_prompt
        self.config.prompt = new_prompt
        self.chatbot.change_prompt(new_prompt)

    async def ask_gpt(self, query: str):
        answer = await self.chatbot.ask(query, **self.config.gpt_options)
        return answer

    async def run_forever(self):
        while True:
            new_record = await self.get_new_record()
            query = new_record.get("query", "").strip()
            if self.need_change_prompt(new_record):
                self._change_prompt(new_record.get("query", ""))
            query = re.sub(rf"^({'|'.join(self.config.keyword)})", "", query)
            if self.config.bot == "llama":
                query = f"你是一个基于 llama3 的智能助手，请你跟我对话时，一定使用中文，不要夹杂一些英文单词，甚至英语短语也不能随意使用，但类似于 llama3 这样的专属名词除外，问题是：{query}"
            if not self.chatbot.has_history():
                query = f"{query},{self.config.prompt}"
            await self.speak(self.ask_gpt(query))
