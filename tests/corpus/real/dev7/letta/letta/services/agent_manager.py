"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/services/agent_manager.py (lines 1523-1610), trimmed; not the original text.

The comment in the original says it: only a core-memory change (or force) rebuilds the system
message; the recall/archival counts are allowed to go stale so the prefix stays put.
"""

from datetime import datetime, timezone

from letta.prompts.prompt_generator import PromptGenerator


def get_utc_time() -> datetime:
    return datetime.now(timezone.utc)


class AgentManager:
    def __init__(self, message_manager, passage_manager):
        self.message_manager = message_manager
        self.passage_manager = passage_manager

    async def rebuild_system_prompt_async(self, agent_id: str, actor, force=False, update_timestamp=True):
        num_messages = await self.message_manager.size_async(agent_id=agent_id)
        num_archival_memories = await self.passage_manager.agent_passage_size_async(agent_id=agent_id)
        agent_state = await self.get_agent_by_id_async(agent_id=agent_id)
        curr_system_message = await self.message_manager.get_message_by_id_async(agent_state.message_ids[0])
        current_text = curr_system_message.to_openai_dict()["content"]
        curr_memory_str = agent_state.memory.compile()
        if curr_memory_str in current_text and not force:
            return agent_state, curr_system_message, num_messages, num_archival_memories

        if update_timestamp:
            memory_edit_timestamp = get_utc_time()
        else:
            memory_edit_timestamp = curr_system_message.created_at

        new_system_message_str = PromptGenerator.get_system_message_from_compiled_memory(
            system_prompt=agent_state.system,
            memory_with_sources=curr_memory_str,
            agent_id=agent_state.id,
            in_context_memory_last_edit=memory_edit_timestamp,
            timezone=agent_state.timezone,
            previous_message_count=num_messages - len(agent_state.message_ids),
            archival_memory_size=num_archival_memories,
        )
        if new_system_message_str != current_text:
            await self.message_manager.update_message_by_id_async(curr_system_message.id, content=new_system_message_str)
        return agent_state, curr_system_message, num_messages, num_archival_memories

    async def get_agent_by_id_async(self, agent_id: str):
        raise NotImplementedError
