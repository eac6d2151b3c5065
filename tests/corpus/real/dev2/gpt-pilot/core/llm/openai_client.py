"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/llm/openai_client.py (lines 30-87), trimmed; not the original text."""

from openai import AsyncOpenAI

from core.llm.base import BaseLLMClient
from core.llm.convo import Convo


class OpenAIClient(BaseLLMClient):
    def _init_client(self):
        self.client = AsyncOpenAI(api_key=self.config.api_key, base_url=self.config.base_url)

    async def _make_request(self, convo: Convo, temperature: float | None = None, json_mode: bool = False):
        completion_kwargs = {
            "model": self.config.model,
            "messages": convo.messages,
            "temperature": self.config.temperature if temperature is None else temperature,
            "stream": True,
        }
        if json_mode:
            completion_kwargs["response_format"] = {"type": "json_object"}
        stream = await self.client.chat.completions.create(**completion_kwargs)
        response = []
        async for chunk in stream:
            if chunk.choices and chunk.choices[0].delta.content:
                response.append(chunk.choices[0].delta.content)
        return "".join(response), 0, 0
