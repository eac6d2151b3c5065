"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/llm/openai_client.py (lines 1-24), trimmed; not the original text."""

from openai import OpenAI


class OpenAi:
    def __init__(self):
        self.client = OpenAI()

    def inference(self, model_id: str, prompt: str) -> str:
        chat_completion = self.client.chat.completions.create(
            messages=[{"role": "user", "content": prompt.strip()}],
            model=model_id,
            temperature=0,
        )
        return chat_completion.choices[0].message.content
