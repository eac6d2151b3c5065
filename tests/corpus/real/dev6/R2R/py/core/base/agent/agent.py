"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/base/agent/agent.py (lines 23-37,80-98,133-170), trimmed; not the original text."""

import asyncio
from datetime import datetime


class Conversation:
    def __init__(self):
        self.messages: list = []
        self._lock = asyncio.Lock()

    async def add_message(self, message):
        async with self._lock:
            self.messages.append(message)

    async def get_messages(self) -> list[dict]:
        async with self._lock:
            return [{**msg.model_dump(exclude_none=True), "role": str(msg.role)} for msg in self.messages]


class Agent:
    async def _setup(self, system_instruction=None, *args, **kwargs):
        await self.conversation.add_message(
            self.message_cls(
                role="system",
                content=system_instruction
                or (
                    await self.database_provider.prompts_handler.get_cached_prompt(
                        self.config.rag_rag_agent_static_prompt,
                        inputs={"date": str(datetime.now().strftime("%m/%d/%Y"))},  # expect: PL101
                    )
                    + f"\n Note, you only have {self.config.max_iterations} iterations or tool calls to reach a conclusion."
                ),
            )
        )

    def get_generation_config(self, last_message: dict, stream: bool = False):
        tools = [
            {"function": {"name": tool.name, "description": tool.description, "parameters": tool.parameters}, "type": "function"}
            for tool in self.tools
        ]
        return self.generation_config_cls(**self.rag_generation_config.model_dump(exclude={"tools", "stream"}), tools=tools, stream=stream)
