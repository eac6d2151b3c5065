"""Reconstruction of microsoft/TaskWeaver@d44ddef23f90059fb17999d3095db4240e98f955:taskweaver/llm/anthropic.py (lines 40-95), trimmed; not the original text."""

from anthropic import Anthropic


class AnthropicService:
    def __init__(self, config):
        self.config = config
        self.client = Anthropic(api_key=config.api_key)

    def chat_completion(self, messages: list[dict], max_tokens: int = 4096, temperature: float = 0, top_p: float = 1, stop=None):
        system_message = None
        anthropic_messages = []
        for msg in messages:
            if msg["role"] == "system":
                system_message = msg["content"]
            else:
                anthropic_messages.append({"role": msg["role"], "content": msg["content"]})
        anthropic_kwargs = {
            "model": self.config.model,
            "messages": anthropic_messages,
            "max_tokens": max_tokens,
            "temperature": temperature,
            "top_p": top_p,
            "stop_sequences": stop or [],
        }
        if system_message:
            anthropic_kwargs["system"] = system_message
        response = self.client.messages.create(**anthropic_kwargs)
        return {"role": "assistant", "content": response.content[0].text}
