"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/components/generation/CohereGenerator.py (lines 41-116), trimmed; not the original text."""

from typing import Dict, List

import aiohttp

from goldenverba.components.interfaces import Generator
from goldenverba.components.util import get_environment


class CohereGenerator(Generator):
    def __init__(self):
        super().__init__()
        self.name = "Cohere"
        self.url = "https://api.cohere.ai/v1"

    async def generate_stream(self, config: dict, query: str, context: str, conversation: list[dict] = []):
        model = config.get("Model").value
        api_key = get_environment(config, "API Key", "COHERE_API_KEY", "No key")
        system_message = config.get("System Message").value

        message, chat_history = self._prepare_messages(query, context, conversation, system_message)

        data = {"model": model, "chat_history": chat_history, "message": message, "stream": True}
        headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}

        async with aiohttp.ClientSession() as session:
            async with session.post(self.url + "/chat", json=data, headers=headers) as response:
                async for line in response.content:
                    if line.strip():
                        yield self._process_response(line)

    def _prepare_messages(self, query: str, context: str, conversation: List[Dict], system_message: str) -> tuple[str, List[Dict]]:
        chat_history = [{"role": "CHATBOT", "message": system_message}]

        for message in conversation:
            _type = "CHATBOT" if message.type == "system" else "USER"
            chat_history.append({"role": _type, "message": message.content})

        message = (
            f"Using this context: {context} answer this query: {query}"  # expect: PL301
        )
        return message, chat_history

    @staticmethod
    def _process_response(line: bytes) -> Dict:
        return {"message": line.decode("utf-8"), "finish_reason": None}
