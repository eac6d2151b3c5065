"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/llm/mistral_client.py (lines 1-26), trimmed; not the original text."""

from mistralai import Mistral


class MistralAi:
    def __init__(self):
        self.client = Mistral(api_key="")

    def inference(self, model_id: str, prompt: str) -> str:
        chat_response = self.client.chat.complete(
            model=model_id,
            messages=[{"role": "user", "content": prompt.strip()}],
        )
        return chat_response.choices[0].message.content
