"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/llm/groq_client.py (lines 1-24), trimmed; not the original text."""

from groq import Groq as _Groq


class Groq:
    def __init__(self):
        self.client = _Groq()

    def inference(self, model_id: str, prompt: str) -> str:
        chat_completion = self.client.chat.completions.create(
            messages=[{"role": "user", "content": prompt.strip()}],
            model=model_id,
        )
        return chat_completion.choices[0].message.content
