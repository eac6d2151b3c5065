"""Reconstruction of weaviate/Verba@6fb7c98d729bca91efe6be7d835dc9d36a53905f:goldenverba/components/generation/OpenAIGenerator.py (lines 14-125), trimmed; not the original text.

The conversation comes from the web client (frontend/app/components/Chat/ChatInterface.tsx),
which keeps each user turn as typed; only the request's own last turn carries the context.
"""

import json
import os

import httpx

from goldenverba.components.interfaces import Generator
from goldenverba.components.util import get_environment


class OpenAIGenerator(Generator):
    def __init__(self):
        super().__init__()
        self.name = "OpenAI"
        self.context_window = 10000

    async def generate_stream(self, config: dict, query: str, context: str, conversation: list[dict] = []):
        system_message = config.get("System Message").value
        model = config.get("Model", {"value": "gpt-3.5-turbo"}).value
        openai_key = get_environment(config, "API Key", "OPENAI_API_KEY", "No key")
        openai_url = get_environment(config, "URL", "OPENAI_BASE_URL", "https://api.openai.com/v1")

        messages = self.prepare_messages(query, context, conversation, system_message)

        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {openai_key}"}
        data = {"messages": messages, "model": model, "stream": True}

        async with httpx.AsyncClient() as client:
            async with client.stream("POST", f"{openai_url}/chat/completions", json=data, headers=headers, timeout=None) as response:
                async for line in response.aiter_lines():
                    if line.startswith("data: ") and line.strip() != "data: [DONE]":
                        choice = json.loads(line[6:])["choices"][0]
                        yield {"message": choice.get("delta", {}).get("content", ""), "finish_reason": choice.get("finish_reason")}

    def prepare_messages(self, query: str, context: str, conversation: list[dict], system_message: str) -> list[dict]:
        messages = [{"role": "system", "content": system_message}]

        for message in conversation:
            messages.append({"role": message.type, "content": message.content})

        messages.append(
            {
                "role": "user",
                "content": f"Answer this query: '{query}' using this context: {context}",  # expect: PL301
            }
        )
        return messages
