"""Reconstruction of microsoft/TaskWeaver@d44ddef23f90059fb17999d3095db4240e98f955:taskweaver/llm/openai.py (lines 153-240), trimmed; not the original text."""

from openai import OpenAI


class OpenAIService:
    def __init__(self, config):
        self.config = config
        self.client = OpenAI(api_key=config.api_key, base_url=config.api_base)

    def chat_completion(self, messages: list[dict], stream: bool = False, temperature: float | None = None):
        if not self.config.support_system_role:
            messages = [{**m, "role": "user"} if m["role"] == "system" else m for m in messages]
        res = self.client.chat.completions.create(
            model=self.config.model,
            messages=messages,
            temperature=temperature if temperature is not None else self.config.temperature,
            stream=stream,
        )
        return {"role": "assistant", "content": res.choices[0].message.content}
