"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/llm/claude_client.py (lines 1-26), trimmed; not the original text."""

from anthropic import Anthropic


class Claude:
    def __init__(self):
        self.client = Anthropic()

    def inference(self, model_id: str, prompt: str) -> str:
        message = self.client.messages.create(
            max_tokens=4096,
            messages=[{"role": "user", "content": prompt.strip()}],
            model=model_id,
            temperature=0,
        )
        return message.content[0].text
