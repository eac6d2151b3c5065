"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/agents/letta_agent_v2.py (lines 760-892), trimmed; not the original text.

The system message is rebuilt only when forced (after a compaction) and only if the memory or
the system prompt text changed; otherwise the stored message 0 is sent again unchanged.
"""

from datetime import datetime, timezone

from letta.helpers.reasoning_helper import scrub_inner_thoughts_from_messages
from letta.prompts.prompt_generator import PromptGenerator


def get_utc_time() -> datetime:
    return datetime.now(timezone.utc)


class LettaAgentV2:
    def __init__(self, agent_state, agent_manager, message_manager, conversation_id=None):
        self.agent_state = agent_state
        self.agent_manager = agent_manager
        self.message_manager = message_manager
        self.conversation_id = conversation_id

    async def _refresh_messages(self, in_context_messages: list, force_system_prompt_refresh: bool = False):
        if force_system_prompt_refresh:
            in_context_messages = await self._rebuild_memory(in_context_messages, None, None, force=True)
        return scrub_inner_thoughts_from_messages(in_context_messages, self.agent_state.llm_config)

    async def _rebuild_memory(self, in_context_messages: list, num_messages, num_archival_memories, force: bool = False):
        agent_state = await self.agent_manager.refresh_memory_async(agent_state=self.agent_state)
        curr_system_message = in_context_messages[0]
        curr_system_message_text = curr_system_message.content[0].text
        curr_memory_str = agent_state.memory.compile()
        system_prompt_changed = agent_state.system not in curr_system_message_text
        memory_changed = curr_memory_str not in curr_system_message_text
        if (not force) and (not system_prompt_changed) and (not memory_changed):
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
