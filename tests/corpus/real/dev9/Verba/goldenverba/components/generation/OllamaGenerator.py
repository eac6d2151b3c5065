"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/components/generation/OllamaGenerator.py (lines 12-97), trimmed; not the original text."""

import json
from typing import Dict, List

import aiohttp

from goldenverba.components.interfaces import Generator


class OllamaGenerator(Generator):
    def __init__(self):
        super().__init__()
        self.name = "Ollama"
        self.url = "http://localhost:11434"

    async def generate_stream(self, config: dict, query: str, context: str, conversation: list[dict] = []):
        model = config.get("Model").value
        system_message = config.get("System Message").value
        messages = self._prepare_messages(query, context, conversation, system_message)
        data = {"model": model, "messages": messages, "stream": True}

        async with aiohttp.ClientSession() as session:
            async with session.post(self.url + "/chat", json=data) as response:
                async for line in response.content:
                    if line.strip():
                        yield self._process_response(line)

    def _prepare_messages(self, query: str, context: str, conversation: List[Dict], system_message: str) -> List[Dict]:
        messages = [
            {"role": "system", "content": system_message},
            *[
                {"role": message.type, "content": message.content}
                for message in conversation
            ],
            {
                "role": "user",
                "content": f"Using this context: {context} answer this query: {query}",  # expect: PL301
            },
        ]
        return messages

    @staticmethod
    def _process_response(line: bytes) -> Dict:
        return {"message": json.loads(line).get("message", ""), "finish_reason": None}
