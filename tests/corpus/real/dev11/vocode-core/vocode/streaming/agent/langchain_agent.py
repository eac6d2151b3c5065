"""Reconstruction of vocodedev/vocode-core@e054c33a72787b6a4920f91eb8598ad0bafb4240:vocode/streaming/agent/langchain_agent.py (lines 35-105), trimmed; not the original text."""

from langchain.chat_models import init_chat_model
from langchain_core.prompts import ChatPromptTemplate

from vocode.streaming.agent.anthropic_utils import merge_bot_messages_for_langchain
from vocode.streaming.agent.base_agent import RespondAgent
from vocode.streaming.models.events import Sender
from vocode.streaming.models.transcript import Message


class LangchainAgent(RespondAgent):
    def create_chain(self):
        model = init_chat_model(
            model=self.agent_config.model_name,
            model_provider=self.agent_config.provider,
            temperature=self.agent_config.temperature,
            max_tokens=self.agent_config.max_tokens,
        )
        messages_for_prompt_template = [("placeholder", "{chat_history}")]
        if self.agent_config.prompt_preamble:
            messages_for_prompt_template.insert(0, ("system", self.agent_config.prompt_preamble))
        prompt_template = ChatPromptTemplate.from_messages(messages_for_prompt_template)
        return prompt_template | model

    def format_langchain_messages_from_transcript(self):
        messages = []
        for event_log in self.transcript.event_logs:
            if isinstance(event_log, Message):
                messages.append(
                    ("ai" if event_log.sender == Sender.BOT else "human", event_log.to_string(include_sender=False))
                )
        if self.agent_config.provider == "anthropic":
            messages = merge_bot_messages_for_langchain(messages)
        return messages

    async def generate_response(self, human_input, conversation_id, is_interrupt=False, bot_was_in_medias_res=False):
        stream = self.chain.astream({"chat_history": self.format_langchain_messages_from_transcript()})
        async for chunk in stream:
            yield chunk
