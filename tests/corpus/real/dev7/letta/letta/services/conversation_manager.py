"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/services/conversation_manager.py (lines 222-300), trimmed; not the original text.

A conversation's system message is compiled once when the conversation is created and persisted
at position 0; later turns load it from the store.
"""

from datetime import datetime, timezone

from letta.prompts.prompt_generator import PromptGenerator


def get_utc_time() -> datetime:
    return datetime.now(timezone.utc)


class ConversationManager:
    async def compile_and_save_system_message_for_conversation(self, conversation_id: str, agent_id: str, actor, agent_state, message_manager, passage_manager):
        num_messages = await message_manager.size_async(agent_id=agent_id)
        num_archival_memories = await passage_manager.agent_passage_size_async(agent_id=agent_id)
        system_message_str = await PromptGenerator.compile_system_message_async(
            system_prompt=agent_state.system,
            in_context_memory=agent_state.memory,
            agent_id=agent_state.id,
            conversation_id=conversation_id,
            in_context_memory_last_edit=get_utc_time(),
            timezone=agent_state.timezone,
            previous_message_count=num_messages,
            archival_memory_size=num_archival_memories,
        )
        system_message = {"role": "system", "content": system_message_str, "conversation_id": conversation_id}
        persisted = await message_manager.create_many_messages_async([system_message])
        await self.add_messages_to_conversation(conversation_id=conversation_id, message_ids=[persisted[0].id], starting_position=0)
        return persisted[0]

    async def add_messages_to_conversation(self, conversation_id: str, message_ids: list, starting_position: int):
        raise NotImplementedError
