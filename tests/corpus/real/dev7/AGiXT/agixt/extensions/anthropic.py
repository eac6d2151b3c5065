"""Reconstruction of Josh-XT/AGiXT@805a9525d8acb52d9c05ce6f5ce1ce71e16829d4:agixt/extensions/anthropic.py (lines 132-215), trimmed; not the original text.

Every provider gets the whole formatted prompt as one string and sends it as the only user message.
"""

import requests

ANTHROPIC_API_URL = "https://api.anthropic.com/v1/messages"


class anthropic:
    def __init__(self, AI_MODEL: str = "claude-3-5-sonnet-latest", ANTHROPIC_API_KEY: str = ""):
        self.AI_MODEL = AI_MODEL
        self.api_key = ANTHROPIC_API_KEY

    async def inference(self, prompt: str, tokens: int = 0, images: list = [], stream: bool = False):
        messages = [{"role": "user", "content": prompt}]
        payload = {"model": self.AI_MODEL, "max_tokens": 4096, "messages": messages}
        if stream:
            payload["stream"] = True
        headers = {"x-api-key": self.api_key, "anthropic-version": "2023-06-01"}
        resp = requests.post(ANTHROPIC_API_URL, headers=headers, json=payload, timeout=300)
        resp.raise_for_status()
        return resp.json()["content"][0]["text"]
