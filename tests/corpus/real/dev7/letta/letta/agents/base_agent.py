"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/agents/base_agent.py (lines 93-190), trimmed; not the original text."""

from datetime import datetime, timezone

from letta.prompts.prompt_generator import PromptGenerator


def get_utc_time() -> datetime:
    return datetime.now(timezone.utc)


class BaseAgent:
    def __init__(self, agent_manager, message_manager, conversation_id=None):
        self.agent_manager = agent_manager
        self.message_manager = message_manager
        self.conversation_id = conversation_id

    async def _rebuild_memory_async(self, in_context_messages: list, agent_state, num_messages=None, num_archival_memories=None):
        agent_state = await self.agent_manager.refresh_memory_async(agent_state=agent_state)
        curr_system_message = in_context_messages[0]
        curr_system_message_text = curr_system_message.content[0].text
        curr_memory_str = agent_state.memory.compile()
        system_prompt_changed = agent_state.system not in curr_system_message_text
        memory_changed = curr_memory_str not in curr_system_message_text
        if (not system_prompt_changed) and (not memory_changed):
            return in_context_messages

        memory_edit_timestamp = get_utc_time()
        if num_messages is None:
            num_messages = await self.message_manager.size_async(agent_id=agent_state.id)
        new_system_message_str = PromptGenerator.get_system_message_from_compiled_memory(
            system_prompt=agent_state.system,
            memory_with_sources=curr_memory_str,
            agent_id=agent_state.id,
            conversation_id=self.conversation_id or "default",
            in_context_memory_last_edit=memory_edit_timestamp,
            timezone=agent_state.timezone,
            previous_message_count=num_messages - len(in_context_messages),
            archival_memory_size=num_archival_memories or 0,
        )
        if new_system_message_str != curr_system_message_text:
            new_system_message = await self.message_manager.update_message_by_id_async(
                curr_system_message.id, content=new_system_message_str
            )
            return [new_system_message, *in_context_messages[1:]]
        return in_context_messages
