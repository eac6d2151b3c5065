"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/components/generation/AnthrophicGenerator.py (lines 12-127), trimmed; not the original text."""

import json

import aiohttp

from goldenverba.components.interfaces import Generator
from goldenverba.components.util import get_environment


class AnthropicGenerator(Generator):
    def __init__(self):
        super().__init__()
        self.name = "Anthropic"
        self.url = "https://api.anthropic.com/v1/messages"

    async def generate_stream(self, config: dict, query: str, context: str, conversation: list[dict] = []):
        model = config.get("Model").value
        system_message = config.get("System Message").value
        antr_key = get_environment(config, "API Key", "ANTHROPIC_API_KEY", "No key")

        messages = self.prepare_messages(query, context, conversation)

        headers = {"Content-Type": "application/json", "x-api-key": antr_key, "anthropic-version": "2023-06-01"}
        data = {
            "messages": messages,
            "model": model,
            "stream": True,
            "system": system_message,
            "max_tokens": 4096,
        }

        async with aiohttp.ClientSession() as session:
            async with session.post(self.url, json=data, headers=headers) as response:
                async for line in response.content:
                    line = line.decode("utf-8").strip()
                    if line.startswith("data: "):
                        event = json.loads(line[6:])
                        if event["type"] == "content_block_delta":
                            yield {"message": event["delta"].get("text", ""), "finish_reason": None}

    def prepare_messages(self, query: str, context: str, conversation: list[dict]) -> list[dict]:
        messages = []

        for message in conversation:
            messages.append(
                {
                    "role": "assistant" if message.type == "system" else message.type,
                    "content": message.content,
                }
            )

        messages.append(
            {
                "role": "user",
                "content": f"Answer this query: '{query}' using this context: {context}",  # expect: PL301
            }
        )
        return messages
