"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/agents/voice_agent.py (lines 115-200, 307-341), trimmed; not the original text.

Every step() recompiles the system message (message 0, kept ahead of the whole history) with a
fresh seconds-resolution "last recompiled" timestamp and the message count.
"""

from datetime import datetime, timezone

from letta.prompts.prompt_generator import PromptGenerator


def get_utc_time() -> datetime:
    return datetime.now(timezone.utc)


class VoiceAgent:
    def __init__(self, openai_client, message_manager, agent_state, num_messages: int, num_archival_memories: int):
        self.openai_client = openai_client
        self.message_manager = message_manager
        self.agent_state = agent_state
        self.num_messages = num_messages
        self.num_archival_memories = num_archival_memories

    async def step_stream(self, input_messages: list, max_steps: int = 10):
        agent_state = self.agent_state
        in_context_messages = await self.message_manager.get_messages_by_ids_async(agent_state.message_ids)
        memory_edit_timestamp = get_utc_time()  # expect: PL101
        in_context_messages[0].content[0].text = await PromptGenerator.compile_system_message_async(
            system_prompt=agent_state.system,
            in_context_memory=agent_state.memory,
            agent_id=agent_state.id,
            in_context_memory_last_edit=memory_edit_timestamp,
            timezone=agent_state.timezone,
            previous_message_count=self.num_messages,
            archival_memory_size=self.num_archival_memories,
        )
        in_memory_message_history = [{"role": "user", "content": m.content} for m in input_messages]
        for _ in range(max_steps):
            openai_messages = [m.to_openai_dict() for m in in_context_messages]
            openai_messages.extend(in_memory_message_history)
            stream = await self.openai_client.chat.completions.create(
                model=agent_state.llm_config.model,
                messages=openai_messages,
                tools=self._build_tool_schemas(agent_state),
                user=agent_state.id,
                stream=True,
            )
            async for chunk in stream:
                yield chunk

    def _build_tool_schemas(self, agent_state) -> list:
        return [{"type": "function", "function": t.json_schema} for t in agent_state.tools]
