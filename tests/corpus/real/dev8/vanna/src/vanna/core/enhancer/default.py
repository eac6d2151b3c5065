"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/core/enhancer/default.py (lines 17-118), trimmed; not the original text."""

import uuid
from typing import List, Optional


class DefaultLlmContextEnhancer:
    def __init__(self, agent_memory: Optional["AgentMemory"] = None):
        self.agent_memory = agent_memory

    async def enhance_system_prompt(self, system_prompt: str, user_message: str, user) -> str:
        if not self.agent_memory:
            return system_prompt
        from vanna.core.tool import ToolContext

        context = ToolContext(
            user=user,
            conversation_id="temp",
            request_id=str(uuid.uuid4()),
            agent_memory=self.agent_memory,
        )
        # memories relevant to this turn's message, added to the end of the system prompt
        memories = await self.agent_memory.search_text_memories(  # expect: PL104
            query=user_message, context=context, limit=5
        )
        if not memories:
            return system_prompt
        examples_section = "\n\n## Relevant Context from Memory\n\n"
        for result in memories:
            examples_section += f"- {result.memory.content}\n"
        return system_prompt + examples_section

    async def enhance_user_messages(self, messages: List, user) -> List:
        return messages
