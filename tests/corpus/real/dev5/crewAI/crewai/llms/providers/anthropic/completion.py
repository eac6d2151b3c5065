"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/llms/providers/anthropic/completion.py (lines 739-954, 1075-1088), trimmed; not the original text."""

from typing import Any

from crewai.llms.cache import CACHE_BREAKPOINT_KEY


class AnthropicCompletion:
    def __init__(self, client: Any, thinking: dict[str, Any] | None = None) -> None:
        self.client = client
        self.thinking = thinking
        self._previous_thinking_blocks: list[dict[str, Any]] = []

    def _format_messages(self, messages: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], Any]:
        cache_system = False
        marked: list[str] = []
        for m in messages:
            if not m.get(CACHE_BREAKPOINT_KEY):
                continue
            if m.get("role") == "system":
                cache_system = True
            elif m.get("role") == "user" and isinstance(m.get("content"), str):
                marked.append(m["content"])

        formatted: list[dict[str, Any]] = []
        system_message: str | None = None
        for message in messages:
            role, content = message.get("role"), message.get("content", "")
            if role == "system":
                system_message = f"{system_message}\n\n{content}" if system_message else content
            elif role == "assistant":
                if self.thinking and self._previous_thinking_blocks:
                    blocks = [
                        *self._previous_thinking_blocks,  # expect: PL301
                        {"type": "text", "text": content or ""},
                    ]
                    formatted.append({"role": "assistant", "content": blocks})
                else:
                    formatted.append({"role": "assistant", "content": content or ""})
            else:
                formatted.append({"role": role or "user", "content": content})

        for needle in marked:
            for fm in formatted:
                if fm.get("role") == "user" and fm.get("content") == needle:
                    self._stamp_cache_control_on_message(fm)
                    break

        system_payload: Any = system_message
        if system_message and cache_system:
            system_payload = [{"type": "text", "text": system_message, "cache_control": {"type": "ephemeral"}}]
        return formatted, system_payload

    @staticmethod
    def _stamp_cache_control_on_message(message: dict[str, Any]) -> None:
        content = message.get("content")
        if isinstance(content, str):
            message["content"] = [{"type": "text", "text": content, "cache_control": {"type": "ephemeral"}}]

    def call(self, messages: list[dict[str, Any]]) -> str:
        formatted, system = self._format_messages(messages)
        response = self.client.messages.create(
            model="claude-sonnet-4-5", max_tokens=4096, system=system, messages=formatted, thinking=self.thinking
        )
        thinking_blocks = [b for b in response.content if getattr(b, "type", "") == "thinking"]
        if thinking_blocks:
            # the latest response's thinking is what every earlier assistant turn gets next time
            self._previous_thinking_blocks = thinking_blocks
        return "".join(getattr(b, "text", "") for b in response.content)
