"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/provider/anthropic_api.py (lines 24-60), trimmed; not the original text."""

from anthropic import AsyncAnthropic

from metagpt.provider.base_llm import BaseLLM


class AnthropicLLM(BaseLLM):
    def __init__(self, config):
        super().__init__(config)
        self.aclient = AsyncAnthropic(api_key=config.api_key)

    def _const_kwargs(self, messages: list[dict], stream: bool = False) -> dict:
        kwargs = {"model": self.config.model, "messages": messages, "max_tokens": self.config.max_token, "stream": stream}
        if self.use_system_prompt and messages[0]["role"] == "system":
            kwargs["messages"] = messages[1:]
            kwargs["system"] = messages[0]["content"]
        return kwargs

    async def acompletion_text(self, messages: list[dict], stream: bool = False, timeout: int = 600) -> str:
        resp = await self.aclient.messages.create(**self._const_kwargs(messages, stream))
        return resp.content[0].text
