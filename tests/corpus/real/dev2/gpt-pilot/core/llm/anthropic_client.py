"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/llm/anthropic_client.py (lines 41-112), trimmed; not the original text.

System messages are folded into the first user message; no cache_control is set.
"""

from anthropic import AsyncAnthropic

from core.llm.base import BaseLLMClient
from core.llm.convo import Convo

MAX_TOKENS = 4096


class AnthropicClient(BaseLLMClient):
    def _init_client(self):
        self.client = AsyncAnthropic(api_key=self.config.api_key)

    def _adapt_messages(self, convo: Convo) -> list[dict[str, str]]:
        messages: list[dict[str, str]] = []
        for msg in convo.messages:
            role = "user" if msg["role"] in ["user", "system"] else "assistant"
            if messages and messages[-1]["role"] == role:
                messages[-1]["content"] += "\n\n" + msg["content"]
            else:
                messages.append({"role": role, "content": msg["content"]})
        return messages

    async def _make_request(self, convo: Convo, temperature: float | None = None, json_mode: bool = False):
        messages = self._adapt_messages(convo)
        completion_kwargs = {
            "max_tokens": MAX_TOKENS,
            "model": self.config.model,
            "messages": messages,
            "temperature": self.config.temperature if temperature is None else temperature,
        }
        response = []
        async with self.client.messages.stream(**completion_kwargs) as stream:
            async for content in stream.text_stream:
                response.append(content)
            final_message = await stream.get_final_message()
        return "".join(response), final_message.usage.input_tokens, final_message.usage.output_tokens
