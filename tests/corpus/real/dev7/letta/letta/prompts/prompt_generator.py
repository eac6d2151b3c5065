"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/prompts/prompt_generator.py (lines 22-224), trimmed; not the original text."""

from datetime import datetime

import pytz

IN_CONTEXT_MEMORY_KEYWORD = "CORE_MEMORY"


def format_datetime(dt: datetime, timezone: str) -> str:
    return dt.astimezone(pytz.timezone(timezone)).strftime("%Y-%m-%d %I:%M:%S %p %Z%z")


class PromptGenerator:
    @staticmethod
    def compile_memory_metadata_block(
        memory_edit_timestamp: datetime,
        timezone: str,
        agent_id: str,
        conversation_id: str = "default",
        previous_message_count: int = 0,
        archival_memory_size: int = 0,
    ) -> str:
        timestamp_str = format_datetime(memory_edit_timestamp, timezone)
        lines = [
            "<memory_metadata>",
            f"- AGENT_ID: {agent_id}",
            f"- CONVERSATION_ID: {conversation_id}",
            f"- System prompt last recompiled: {timestamp_str}",
            f"- {previous_message_count} previous messages between you and the user are stored in recall memory",
        ]
        if archival_memory_size:
            lines.append(f"- {archival_memory_size} total memories you created are stored in archival memory")
        lines.append("</memory_metadata>")
        return "\n".join(lines)

    @staticmethod
    def get_system_message_from_compiled_memory(
        system_prompt: str,
        memory_with_sources: str,
        agent_id: str,
        in_context_memory_last_edit: datetime,
        timezone: str,
        previous_message_count: int = 0,
        archival_memory_size: int = 0,
        conversation_id: str = "default",
    ) -> str:
        metadata = PromptGenerator.compile_memory_metadata_block(
            memory_edit_timestamp=in_context_memory_last_edit,
            agent_id=agent_id,
            conversation_id=conversation_id,
            previous_message_count=previous_message_count,
            archival_memory_size=archival_memory_size,
            timezone=timezone,
        )
        full_memory_string = memory_with_sources + "\n\n" + metadata
        variable = "{" + IN_CONTEXT_MEMORY_KEYWORD + "}"
        if variable not in system_prompt:
            system_prompt += "\n\n" + variable
        return system_prompt.replace(variable, full_memory_string)

    @staticmethod
    async def compile_system_message_async(
        system_prompt: str,
        in_context_memory,
        agent_id: str,
        in_context_memory_last_edit: datetime,
        timezone: str,
        previous_message_count: int = 0,
        archival_memory_size: int = 0,
        conversation_id: str = "default",
    ) -> str:
        memory_with_sources = in_context_memory.compile()
        return PromptGenerator.get_system_message_from_compiled_memory(
            system_prompt=system_prompt,
            memory_with_sources=memory_with_sources,
            agent_id=agent_id,
            in_context_memory_last_edit=in_context_memory_last_edit,
            timezone=timezone,
            previous_message_count=previous_message_count,
            archival_memory_size=archival_memory_size,
            conversation_id=conversation_id,
        )
