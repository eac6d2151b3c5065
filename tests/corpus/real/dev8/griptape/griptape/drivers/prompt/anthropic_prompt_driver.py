"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/drivers/prompt/anthropic_prompt_driver.py (lines 101-191), trimmed; not the original text."""

from __future__ import annotations

from attrs import define, field

from griptape.common import Message, PromptStack


@define
class AnthropicPromptDriver:
    model: str = field(kw_only=True)
    max_tokens: int = field(default=1000, kw_only=True)
    temperature: float = field(default=0.1, kw_only=True)
    use_native_tools: bool = field(default=True, kw_only=True)
    tool_choice: dict = field(factory=lambda: {"type": "auto"}, kw_only=True)
    extra_params: dict = field(factory=dict, kw_only=True)
    client: object = field(default=None, kw_only=True)
    tokenizer: object = field(default=None, kw_only=True)

    def try_run(self, prompt_stack: PromptStack) -> Message:
        params = self._base_params(prompt_stack)
        response = self.client.messages.create(**params)
        return Message(content=[c for c in response.content], role=Message.ASSISTANT_ROLE)

    def _base_params(self, prompt_stack: PromptStack) -> dict:
        messages = self.__to_anthropic_messages([i for i in prompt_stack.messages if not i.is_system()])
        system_messages = prompt_stack.system_messages
        system_message = system_messages[0].to_text() if system_messages else None

        params = {
            "model": self.model,
            "stop_sequences": self.tokenizer.stop_sequences,
            "max_tokens": self.max_tokens,
            "messages": messages,
            "temperature": self.temperature,
            **({"system": system_message} if system_message else {}),
            **self.extra_params,
        }
        if prompt_stack.tools and self.use_native_tools:
            params["tool_choice"] = self.tool_choice
            params["tools"] = self.__to_anthropic_tools(prompt_stack.tools)
        return params

    def __to_anthropic_messages(self, messages: list) -> list[dict]:
        return [{"role": "assistant" if m.is_assistant() else "user", "content": m.to_text()} for m in messages]

    def __to_anthropic_tools(self, tools: list) -> list[dict]:
        tool_schemas = [
            {
                "name": tool.to_native_tool_name(activity),
                "description": tool.activity_description(activity),
                "input_schema": tool.to_activity_json_schema(activity, "Input Schema"),
            }
            for tool in tools
            for activity in tool.activities()
        ]
        # Anthropic rejects these two keys of the JSON schema.
        for tool_schema in tool_schemas:
            del tool_schema["input_schema"]["$schema"]
            del tool_schema["input_schema"]["$id"]
        return tool_schemas
