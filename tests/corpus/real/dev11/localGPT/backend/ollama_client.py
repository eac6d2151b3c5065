"""Reconstruction of PromtEngineer/localGPT@34f3107f56a88203859092312231b945a711c619:backend/ollama_client.py (lines 84-125), trimmed; not the original text."""
from typing import Dict, List

import requests

DEFAULT_GENERATION_MODEL = "qwen3:8b"


class OllamaClient:
    def __init__(self, base_url: str = "http://localhost:11434"):
        self.base_url = base_url
        self.api_url = f"{base_url}/api"

    def chat(self, message: str, model: str = None, conversation_history: List[Dict] = None, enable_thinking: bool = True) -> str:
        if model is None:
            model = DEFAULT_GENERATION_MODEL
        if conversation_history is None:
            conversation_history = []

        messages = conversation_history + [{"role": "user", "content": message}]  # expect: PL301

        payload = {
            "model": model,
            "messages": messages,
            "stream": False,
        }
        response = requests.post(f"{self.api_url}/chat", json=payload)
        return response.json().get("message", {}).get("content", "")
