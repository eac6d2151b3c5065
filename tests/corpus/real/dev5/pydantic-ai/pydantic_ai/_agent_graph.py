"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/_agent_graph.py (lines 707-731, 1451-1555), trimmed; not the original text."""

from dataclasses import dataclass, field
from typing import Any

from pydantic_ai import messages as _messages
from pydantic_ai._utils import now_utc


@dataclass
class ModelRequestNode:
    request: Any
    system_prompt_dynamic_functions: dict[str, Any] = field(default_factory=dict)

    async def _reevaluate_dynamic_prompts(self, messages: list[Any], run_context: Any) -> None:
        if not self.system_prompt_dynamic_functions:
            return
        for msg in messages:
            parts = []
            for part in msg.parts:
                if getattr(part, "dynamic_ref", None):
                    runner = self.system_prompt_dynamic_functions.get(part.dynamic_ref)
                    if runner:
                        part = type(part)(await runner.run(run_context) or "", dynamic_ref=part.dynamic_ref)
                parts.append(part)
            if parts != msg.parts:
                msg.parts = parts

    async def _prepare_request(self, ctx: Any, run_context: Any) -> list[Any]:
        # metadata of the stored request; no model request carries it
        self.request.timestamp = now_utc()
        ctx.state.message_history.append(self.request)
        instruction_parts = await ctx.deps.get_instructions(run_context)
        if instruction_parts:
            instruction_parts = _messages.InstructionPart.sorted(instruction_parts) or None
        self.request.instructions = _messages.InstructionPart.join(instruction_parts) if instruction_parts else None
        request_context = ctx.deps.make_request_context(messages=ctx.state.message_history[:])
        request_context = await ctx.deps.root_capability.before_model_request(run_context, request_context)
        messages = request_context.messages
        # processed history replaces the run's history, so a compaction is kept for later steps
        ctx.state.message_history[:] = messages
        return messages
