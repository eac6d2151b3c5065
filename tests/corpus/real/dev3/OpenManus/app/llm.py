"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/llm.py
(lines 267-360, 361-440, 644-766), trimmed; not the original text.

The client wrapper: the system messages and the whole memory are formatted afresh for each
request, with tools passed through.
"""

from typing import List, Optional, Union

from openai import AsyncOpenAI

from app.schema import Message

MULTIMODAL_MODELS = ["gpt-4o", "claude-3-7-sonnet-20250219"]


class LLM:
    def __init__(self, model: str = "gpt-4o", max_tokens: int = 4096, temperature: float = 0.0):
        self.model = model
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.client = AsyncOpenAI()

    @staticmethod
    def format_messages(messages: List[Union[dict, Message]], supports_images: bool = False) -> List[dict]:
        formatted = []
        for message in messages:
            if isinstance(message, Message):
                message = message.to_dict()
            if supports_images and message.get("base64_image"):
                if isinstance(message.get("content"), str):
                    message["content"] = [{"type": "text", "text": message["content"]}]
                message.setdefault("content", [])
                message["content"].append(
                    {"type": "image_url", "image_url": {"url": f"data:image/jpeg;base64,{message['base64_image']}"}}
                )
                del message["base64_image"]
            elif message.get("base64_image"):
                del message["base64_image"]
            if "content" in message or "tool_calls" in message:
                formatted.append(message)
        return formatted

    async def ask(self, messages: List[Union[dict, Message]], system_msgs: Optional[List] = None) -> str:
        supports_images = self.model in MULTIMODAL_MODELS
        if system_msgs:
            messages = self.format_messages(system_msgs, supports_images) + self.format_messages(messages, supports_images)
        else:
            messages = self.format_messages(messages, supports_images)
        # clean: the caller's system messages, then the messages as given
        response = await self.client.chat.completions.create(
            model=self.model, messages=messages, max_tokens=self.max_tokens, temperature=self.temperature
        )
        return response.choices[0].message.content

    async def ask_tool(self, messages: List[Union[dict, Message]], system_msgs: Optional[List] = None,
                       tools: Optional[List[dict]] = None, tool_choice: str = "auto", **kwargs):
        supports_images = self.model in MULTIMODAL_MODELS
        if system_msgs:
            system_msgs = self.format_messages(system_msgs, supports_images)
            messages = system_msgs + self.format_messages(messages, supports_images)
        else:
            messages = self.format_messages(messages, supports_images)
        params = {"model": self.model, "messages": messages, "tools": tools, "tool_choice": tool_choice, **kwargs}
        params["max_tokens"] = self.max_tokens
        params["temperature"] = self.temperature
        # clean: formatting is a pure function of the memory, the same each turn
        response = await self.client.chat.completions.create(**params, stream=False)
        return response.choices[0].message
