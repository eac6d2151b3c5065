"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-agentchat/src/autogen_agentchat/agents/_society_of_mind_agent.py (lines 168-236), trimmed; not the original text."""

from typing import List

from autogen_core.models import LLMMessage, SystemMessage, UserMessage


class SocietyOfMindAgent:
    async def on_messages_stream(self, messages, cancellation_token):
        inner_messages = []
        async for inner_msg in self._team.run_stream(task=list(messages), cancellation_token=cancellation_token):
            inner_messages.append(inner_msg)
        llm_messages: List[LLMMessage] = []
        if self._model_client.model_info.get("multiple_system_messages", False):
            llm_messages.append(SystemMessage(content=self._instruction))
        else:
            llm_messages.append(UserMessage(content=self._instruction, source="user"))
        for message in inner_messages:
            llm_messages.append(message.to_model_message())
        llm_messages.append(UserMessage(content=self._response_prompt, source="user"))
        completion = await self._model_client.create(messages=llm_messages, cancellation_token=cancellation_token)
        yield completion
