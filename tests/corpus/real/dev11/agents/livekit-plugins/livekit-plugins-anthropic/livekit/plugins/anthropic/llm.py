"""Reconstruction of livekit/agents@da6af86ac640a3bc54585764e64321d7048c1c16:livekit-plugins/livekit-plugins-anthropic/livekit/plugins/anthropic/llm.py (lines 180-270), trimmed; not the original text."""
import anthropic

from livekit.agents import llm

CACHE_CONTROL_EPHEMERAL = anthropic.types.CacheControlEphemeralParam(type="ephemeral")


class LLM:
    def __init__(self, *, model: str = "claude-3-5-sonnet-20241022", caching=None) -> None:
        self._client = anthropic.AsyncClient()
        self._model = model
        self._caching = caching

    async def chat(self, *, chat_ctx, tools=None):
        extra = {}
        if tools:
            tool_ctx = llm.ToolContext(tools)
            tool_schemas = tool_ctx.parse_function_tools("anthropic")
            extra["tools"] = tool_schemas

        anthropic_ctx, extra_data = chat_ctx.to_provider_format(format="anthropic")
        messages = anthropic_ctx
        if extra_data.system_messages:
            extra["system"] = [
                anthropic.types.TextBlockParam(text=content, type="text")
                for content in extra_data.system_messages
            ]

        if self._caching == "ephemeral":
            if extra.get("system"):
                extra["system"][-1]["cache_control"] = CACHE_CONTROL_EPHEMERAL
            if extra.get("tools"):
                extra["tools"][-1]["cache_control"] = CACHE_CONTROL_EPHEMERAL
            seen_assistant = False
            for msg in reversed(messages):
                if msg["role"] == "assistant" and (content := msg["content"]) and not seen_assistant:
                    content[-1]["cache_control"] = CACHE_CONTROL_EPHEMERAL
                    seen_assistant = True
                elif msg["role"] == "user" and (content := msg["content"]) and seen_assistant:
                    content[-1]["cache_control"] = CACHE_CONTROL_EPHEMERAL
                    break

        return await self._client.messages.create(
            messages=messages,
            model=self._model,
            stream=True,
            **extra,
        )
