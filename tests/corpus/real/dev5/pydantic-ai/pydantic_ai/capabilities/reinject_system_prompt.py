"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/capabilities/reinject_system_prompt.py (lines 40-102), trimmed; not the original text."""

from dataclasses import dataclass, replace
from typing import Any


@dataclass
class ReinjectSystemPrompt:
    replace_existing: bool = False

    async def before_model_request(self, ctx: Any, request_context: Any) -> Any:
        messages = request_context.messages
        if self.replace_existing:
            _strip_system_prompts(messages)
        elif any(getattr(p, "part_kind", "") == "system-prompt" for m in messages for p in getattr(m, "parts", [])):
            return request_context
        sys_parts = await ctx.agent.system_prompt_parts(deps=ctx.deps, message_history=messages)
        if sys_parts:
            _prepend_to_first_request(messages, sys_parts)
        return request_context


def _strip_system_prompts(messages: list[Any]) -> None:
    kept = []
    for msg in messages:
        parts = [p for p in getattr(msg, "parts", []) if getattr(p, "part_kind", "") != "system-prompt"]
        if hasattr(msg, "parts") and not parts:
            continue
        kept.append(replace(msg, parts=parts) if hasattr(msg, "parts") else msg)
    messages[:] = kept


def _prepend_to_first_request(messages: list[Any], sys_parts: list[Any]) -> None:
    i, first_request = next((i, m) for i, m in enumerate(messages) if m.kind == "request")
    messages[i] = replace(first_request, parts=[*sys_parts, *first_request.parts])
