"""Reconstruction of infiniflow/ragflow@b1b8cd623520b97b2526ffb1514bd812bdcc7eaf:rag/llm/chat_model.py (lines 487-552, 1229-1250), trimmed; not the original text."""

import asyncio
from copy import deepcopy

import json_repair
from replicate.client import Client


class Base:
    async def async_chat_with_tools(self, system, history, gen_conf=None):
        gen_conf = dict(gen_conf or {})
        if system and history and history[0].get("role") != "system":
            history.insert(0, {"role": "system", "content": system})
        ans = ""
        hist = deepcopy(history)
        history = deepcopy(hist)
        for _ in range(self.max_rounds + 1):
            response = await self.async_client.chat.completions.create(model=self.model_name, messages=history, tools=self.tools, tool_choice="auto", **gen_conf)
            if not response.choices[0].message.tool_calls:
                ans += response.choices[0].message.content
                return ans

            async def _exec_tool(tc):
                args = json_repair.loads(tc.function.arguments)
                result = await self.toolcall_session.tool_call_async(tc.function.name, args)
                return tc, tc.function.name, args, result, None

            results = await asyncio.gather(*[_exec_tool(tc) for tc in response.choices[0].message.tool_calls])
            history = self._append_history_batch(history, results)
        return ans


class ReplicateChat(Base):
    def __init__(self, key, model_name, base_url=None, **kwargs):
        self.model_name = model_name
        self.client = Client(api_token=key)

    def _chat(self, history, gen_conf=None, **kwargs):
        gen_conf = dict(gen_conf or {})
        system = history[0]["content"] if history and history[0]["role"] == "system" else ""
        prompt = "\n".join([item["role"] + ":" + item["content"] for item in history[-5:] if item["role"] != "system"])  # expect: PL301
        response = self.client.run(self.model_name, input={"system_prompt": system, "prompt": prompt, **gen_conf})
        return "".join(response)
