"""Reconstruction of joshpxyne/gpt-migrate@262cabb5e8dae57f03e80a7c06cf0edfbc67d410:gpt_migrate/ai.py (lines 10-50), trimmed; not the original text."""

from litellm import completion

from utils import parse_code_string


class AI:
    def __init__(self, model="openrouter/openai/gpt-4-32k", temperature=0.1, max_tokens=10000):
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.model_name = model

    def write_code(self, prompt):
        # every step is one user message; nothing is carried between calls
        message = [{"role": "user", "content": str(prompt)}]
        response = completion(messages=message, stream=False, model=self.model_name,
                              max_tokens=self.max_tokens, temperature=self.temperature)
        content = response["choices"][0]["message"]["content"]
        if content.startswith("INSTRUCTIONS:"):
            return ("INSTRUCTIONS:", "", content[14:])
        return parse_code_string(content)

    def run(self, prompt):
        message = [{"role": "user", "content": str(prompt)}]
        response = completion(messages=message, stream=True, model=self.model_name,
                              max_tokens=self.max_tokens, temperature=self.temperature)
        chat = ""
        for chunk in response:
            chat += chunk["choices"][0]["delta"].get("content", "")
        return chat
