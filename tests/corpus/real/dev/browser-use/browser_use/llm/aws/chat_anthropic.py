"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/llm/aws/chat_anthropic.py
(lines 160-235), trimmed; not the original text.
"""

from anthropic import AsyncAnthropicBedrock

from browser_use.llm.anthropic.serializer import AnthropicMessageSerializer


class ChatAnthropicBedrock:
    def __init__(self, model: str, max_tokens: int = 8192):
        self.model = model
        self.max_tokens = max_tokens
        self.client = AsyncAnthropicBedrock()

    async def ainvoke(self, messages, output_format=None):
        anthropic_messages, system_prompt = AnthropicMessageSerializer.serialize_messages(messages)
        if output_format is None:
            return await self.client.messages.create(
                model=self.model, max_tokens=self.max_tokens, messages=anthropic_messages, system=system_prompt
            )
        tool_name = output_format.__name__
        schema = output_format.model_json_schema()
        # clean: deletes a key of the JSON schema, not a message of the history
        if "title" in schema:
            del schema["title"]
        tool = {
            "name": tool_name,
            "description": f"Extract information in the format of {tool_name}",
            "input_schema": schema,
            "cache_control": {"type": "ephemeral"},
        }
        return await self.client.messages.create(
            model=self.model,
            max_tokens=self.max_tokens,
            messages=anthropic_messages,
            tools=[tool],
            system=system_prompt,
            tool_choice={"type": "tool", "name": tool_name},
        )
