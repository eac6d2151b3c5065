"""Reconstruction of MervinPraison/PraisonAI@52e3e37b1c0ede378426e764fff38834f8e209c2:src/praisonai-agents/praisonaiagents/llm/llm.py (lines 2155-2300), trimmed; not the original text."""

import copy
import json
from typing import Any


class LLM:
    def __init__(self, model: str) -> None:
        self.model = model

    def _explicit_cache_breakpoints(self) -> bool:
        return self.model.startswith("anthropic/") or self.model.startswith("claude")

    @staticmethod
    def _mark_message_cache_control(message: dict[str, Any]) -> bool:
        content = message.get("content")
        if isinstance(content, str):
            message["content"] = [{"type": "text", "text": content, "cache_control": {"type": "ephemeral"}}]
            return True
        return False

    @staticmethod
    def _count_cache_markers(messages: list[dict[str, Any]]) -> int:
        return sum(
            1
            for m in messages
            if isinstance(m.get("content"), list)
            for block in m["content"]
            if isinstance(block, dict) and "cache_control" in block
        )

    def _mark_history_prefix(self, messages: list[dict[str, Any]], history_start: int, preserve_recent: int = 2) -> None:
        if len(messages) - history_start <= preserve_recent:
            return
        boundary_index = len(messages) - preserve_recent - 1
        if self._count_cache_markers(messages) >= 4:
            return
        boundary = copy.deepcopy(messages[boundary_index])
        if self._mark_message_cache_control(boundary):
            messages[boundary_index] = boundary

    def _build_messages(self, prompt: str, system_prompt: str | None = None, chat_history: list[dict[str, Any]] | None = None, output_json: Any = None) -> tuple[list[dict[str, Any]], str]:
        messages: list[dict[str, Any]] = []
        if system_prompt:
            if output_json is not None:
                system_prompt += f"\nReturn ONLY a JSON object that matches this Pydantic model: {json.dumps(output_json.model_json_schema())}"
            messages.append({"role": "system", "content": system_prompt})
        if chat_history:
            history_start = len(messages)
            messages.extend(chat_history)
            if self._explicit_cache_breakpoints():
                self._mark_history_prefix(messages, history_start)
        original_prompt = prompt
        if output_json is not None:
            # the caller keeps original_prompt in its history: next turn this message goes without the suffix
            prompt = prompt + "\nReturn ONLY a valid JSON object. No other text or explanation."  # expect: PL301
        messages.append({"role": "user", "content": prompt})
        return messages, original_prompt
