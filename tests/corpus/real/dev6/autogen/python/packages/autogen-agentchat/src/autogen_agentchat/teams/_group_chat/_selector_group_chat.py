"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-agentchat/src/autogen_agentchat/teams/_group_chat/_selector_group_chat.py (lines 152-240), trimmed; not the original text."""

import re
from typing import List

from autogen_core.models import SystemMessage


class SelectorGroupChatManager:
    async def select_speaker(self, thread) -> List[str]:
        if self._previous_speaker is not None and not self._allow_repeated_speaker:
            participants = [p for p in self._participant_names if p != self._previous_speaker]  # expect: PL104
        else:
            participants = list(self._participant_names)
        roles = ""
        for topic_type, description in zip(self._participant_names, self._participant_descriptions):
            roles += re.sub(r"\s+", " ", f"{topic_type}: {description}").strip() + "\n"
        roles = roles.strip()
        agent_name = await self._select_speaker(roles, participants, self._max_selector_attempts)
        self._previous_speaker = agent_name
        return [agent_name]

    def construct_message_history(self, message_history) -> str:
        history_messages: List[str] = []
        for msg in message_history:
            history_messages.append(f"{msg.source}: {msg.content}".rstrip() + "\n\n")
        history: str = "\n".join(history_messages)
        return history

    async def _select_speaker(self, roles: str, participants: List[str], max_attempts: int) -> str:
        model_context_history = self.construct_message_history(await self._model_context.get_messages())
        # default template: roles, then "select the next role from {participants}", then {history}
        select_speaker_prompt = self._selector_prompt.format(roles=roles, participants=str(participants), history=model_context_history)
        response = await self._model_client.create(messages=[SystemMessage(content=select_speaker_prompt)])
        return response.content
