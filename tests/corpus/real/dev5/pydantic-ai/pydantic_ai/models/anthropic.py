"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/models/anthropic.py (lines 1636-1650, 2195-2258, 2262-2344), trimmed; not the original text."""

from typing import Any, Literal


class AnthropicModel:
    def _build_cache_control(self, ttl: Literal["5m", "1h"] = "5m") -> dict[str, str]:
        return {"type": "ephemeral", "ttl": ttl}

    def _prepare_tools_and_tool_choice(self, tool_defs: list[dict[str, Any]], model_settings: dict[str, Any]) -> list[dict[str, Any]]:
        tools = [dict(t) for t in tool_defs]
        if cache_tool_defs := model_settings.get("anthropic_cache_tool_definitions"):
            ttl: Literal["5m", "1h"] = "5m" if cache_tool_defs is True else cache_tool_defs
            for tool in reversed(tools):
                if tool.get("defer_loading") is not True:
                    tool["cache_control"] = self._build_cache_control(ttl)
                    break
        return tools

    def _map_message(self, anthropic_messages: list[dict[str, Any]], upload_blocks: list[dict[str, Any]], system_prompt: str, instruction_parts: list[Any], model_settings: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
        if upload_blocks:
            # the first user message, so the insertion point does not move as history grows
            for msg in anthropic_messages:
                if msg["role"] == "user":
                    msg["content"] = [*msg["content"], *upload_blocks]
                    break
        cache_instructions = model_settings.get("anthropic_cache_instructions")
        blocks: list[dict[str, Any]] = []
        if system_prompt:
            blocks.append({"type": "text", "text": system_prompt})
        for part in instruction_parts:
            blocks.append({"type": "text", "text": part.content})
        if blocks and cache_instructions:
            ttl: Literal["5m", "1h"] = "5m" if cache_instructions is True else cache_instructions
            num_static = sum(1 for p in instruction_parts if not p.dynamic)
            idx = (1 if system_prompt else 0) + num_static - 1 if num_static else 0
            blocks[idx]["cache_control"] = self._build_cache_control(ttl)
        return blocks or system_prompt, anthropic_messages

    @staticmethod
    def _limit_cache_points(system_prompt: Any, anthropic_messages: list[dict[str, Any]], tools: list[dict[str, Any]], automatic_caching: bool = False) -> None:
        MAX_CACHE_POINTS = 3 if automatic_caching else 4
        used = sum(1 for b in system_prompt if "cache_control" in b) if isinstance(system_prompt, list) else 0
        used += sum(1 for t in tools if "cache_control" in t)
        remaining_budget = MAX_CACHE_POINTS - used
        if remaining_budget < 0:
            raise ValueError("Too many cache points for Anthropic request")
        for message in reversed(anthropic_messages):
            content = message["content"]
            if isinstance(content, str):
                continue
            for block in reversed(content):
                if "cache_control" in block:
                    if remaining_budget > 0:
                        remaining_budget -= 1
                    else:
                        del block["cache_control"]
