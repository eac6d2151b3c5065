"""Reconstruction of vocodedev/vocode-core@e054c33a72787b6a4920f91eb8598ad0bafb4240:vocode/streaming/agent/anthropic_agent.py (lines 22-75), trimmed; not the original text."""

import os

from anthropic import AsyncAnthropic

from vocode.streaming.agent.anthropic_utils import format_anthropic_chat_messages_from_transcript
from vocode.streaming.agent.base_agent import RespondAgent


class AnthropicAgent(RespondAgent):
    def __init__(self, agent_config, **kwargs):
        super().__init__(agent_config=agent_config, **kwargs)
        self.anthropic_client = AsyncAnthropic(api_key=os.environ.get("ANTHROPIC_API_KEY"))

    def get_chat_parameters(self, messages=[], use_functions=True):
        parameters = {
            "messages": messages,
            "system": self.agent_config.prompt_preamble,
            "max_tokens": self.agent_config.max_tokens,
            "temperature": self.agent_config.temperature,
            "stream": True,
        }
        parameters["model"] = self.agent_config.model_name
        return parameters

    async def generate_response(self, human_input, conversation_id, is_interrupt=False, bot_was_in_medias_res=False):
        messages = format_anthropic_chat_messages_from_transcript(transcript=self.transcript)
        chat_parameters = self.get_chat_parameters(messages)
        stream = await self.anthropic_client.messages.create(**chat_parameters)
        async for chunk in stream:
            yield chunk
