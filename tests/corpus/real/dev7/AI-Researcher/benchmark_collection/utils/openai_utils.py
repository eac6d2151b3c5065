"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:benchmark_collection/utils/openai_utils.py (lines 19-95), trimmed; not the original text."""

import openai


class GPTClient:
    def __init__(self, api_key: str = None, model: str = "gpt-4o-mini-2024-07-18"):
        self.client = openai.AsyncClient(api_key=api_key, timeout=240.0, max_retries=0)
        self.model = model

    async def chat(self, prompt: str, system_prompt: str = None, temperature: float = 0.7) -> str:
        messages = []
        if system_prompt:
            messages.append({"role": "system", "content": system_prompt})
        messages.append({"role": "user", "content": prompt})
        completion = await self.client.chat.completions.create(model=self.model, messages=messages)
        return completion.choices[0].message.content
