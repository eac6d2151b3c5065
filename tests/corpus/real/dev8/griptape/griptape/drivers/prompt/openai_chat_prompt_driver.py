"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/drivers/prompt/openai_chat_prompt_driver.py (lines 199-301), trimmed; not the original text."""

from __future__ import annotations

import time

from attrs import define, field

from griptape.common import AudioMessageContent, PromptStack, TextMessageContent


@define
class OpenAiChatPromptDriver:
    model: str = field(kw_only=True)
    user: str = field(default="", kw_only=True)
    seed: int | None = field(default=None, kw_only=True)
    response_format: dict | None = field(default=None, kw_only=True)
    use_native_tools: bool = field(default=True, kw_only=True)
    extra_params: dict = field(factory=dict, kw_only=True)

    def _base_params(self, prompt_stack: PromptStack) -> dict:
        params = {
            "model": self.model,
            **({"user": self.user} if self.user else {}),
            **({"seed": self.seed} if self.seed is not None else {}),
            **self.extra_params,
        }
        if self.response_format is not None:
            params["response_format"] = self.response_format
            if self.response_format == {"type": "json_object"}:
                # Appended after the final user message of this request's stack only.
                prompt_stack.add_system_message("Provide your response as a valid JSON object.")
        if prompt_stack.tools and self.use_native_tools:
            params["tools"] = self.__to_openai_tools(prompt_stack.tools)
        params["messages"] = self.__to_openai_messages(prompt_stack.messages)
        return params

    def __to_openai_messages(self, messages: list) -> list[dict]:
        openai_messages = []
        for message in messages:
            if message.has_all_content_type(TextMessageContent):
                openai_messages.append({"role": self.__to_openai_role(message), "content": message.to_text()})
                continue
            openai_message: dict = {"role": self.__to_openai_role(message), "content": []}
            for content in message.content:
                if (
                    isinstance(content, AudioMessageContent)
                    and message.is_assistant()
                    and time.time() < content.artifact.meta["expires_at"]
                ):
                    openai_message["audio"] = {"id": content.artifact.meta["audio_id"]}
                else:
                    openai_message["content"].append(self.__to_openai_message_content(content))
            if not openai_message["content"]:
                del openai_message["content"]
            openai_messages.append(openai_message)
        return openai_messages

    def __to_openai_role(self, message) -> str:
        if message.is_system():
            return "system"
        return "assistant" if message.is_assistant() else "user"

    def __to_openai_tools(self, tools: list) -> list[dict]:
        return [
            {"function": {"name": tool.to_native_tool_name(a), "description": tool.activity_description(a)}, "type": "function"}
            for tool in tools
            for a in tool.activities()
        ]

    def __to_openai_message_content(self, content) -> dict:
        if isinstance(content, AudioMessageContent) and time.time() >= content.artifact.meta.get("expires_at", 0):
            return {"type": "text", "text": content.artifact.meta.get("transcript")}
        return {"type": "text", "text": content.artifact.to_text()}
