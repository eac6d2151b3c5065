"""Reconstruction of vocodedev/vocode-core@e054c33a72787b6a4920f91eb8598ad0bafb4240:vocode/streaming/agent/chat_gpt_agent.py (lines 51-260), trimmed; not the original text."""

import os
import random

from openai import AsyncOpenAI

from vocode.streaming.agent.base_agent import GeneratedResponse, RespondAgent
from vocode.streaming.agent.openai_utils import (
    format_openai_chat_messages_from_transcript,
    vector_db_result_to_openai_chat_message,
)
from vocode.streaming.models.actions import FunctionCallActionTrigger
from vocode.streaming.models.message import BotBackchannel
from vocode.streaming.vector_db.factory import VectorDBFactory


class ChatGPTAgent(RespondAgent):
    def __init__(self, agent_config, action_factory=None, vector_db_factory=VectorDBFactory(), **kwargs):
        super().__init__(agent_config=agent_config, action_factory=action_factory, **kwargs)
        self.openai_client = AsyncOpenAI(
            api_key=agent_config.openai_api_key or os.environ["OPENAI_API_KEY"],
            base_url=agent_config.base_url_override or "https://api.openai.com/v1",
        )
        if self.agent_config.vector_db_config:
            self.vector_db = vector_db_factory.create_vector_db(self.agent_config.vector_db_config)

    def get_functions(self):
        if not self.action_factory:
            return None
        return [
            self.action_factory.create_action(action_config).get_openai_function()
            for action_config in self.agent_config.actions
            if isinstance(action_config.action_trigger, FunctionCallActionTrigger)
        ]

    def get_chat_parameters(self, messages=None, use_functions=True):
        messages = messages or format_openai_chat_messages_from_transcript(
            self.transcript,
            self.agent_config.model_name,
            self.functions,
            self.agent_config.prompt_preamble,
        )
        parameters = {
            "messages": messages,
            "max_tokens": self.agent_config.max_tokens,
            "temperature": self.agent_config.temperature,
            "model": self.agent_config.model_name,
        }
        if use_functions and self.functions:
            parameters["functions"] = self.functions
        return parameters

    def should_backchannel(self, human_input):
        return (
            not self.is_first_response()
            and not human_input.strip().endswith("?")
            and random.random() < self.agent_config.backchannel_probability
        )

    async def generate_response(self, human_input, conversation_id, is_interrupt=False, bot_was_in_medias_res=False):
        chat_parameters = {}
        if self.agent_config.vector_db_config:
            try:
                docs_with_scores = await self.vector_db.similarity_search_with_score(  # expect: PL104
                    self.transcript.get_last_user_message()[1]
                )
                docs_with_scores_str = "\n\n".join(
                    [
                        "Document: "
                        + doc[0].metadata["source"]
                        + f" (Confidence: {doc[1]})\n"
                        + doc[0].lc_kwargs["page_content"]
                        for doc in docs_with_scores
                    ]
                )
                vector_db_result = f"Found {len(docs_with_scores)} similar documents:\n{docs_with_scores_str}"
                messages = format_openai_chat_messages_from_transcript(
                    self.transcript,
                    self.agent_config.model_name,
                    self.functions,
                    self.agent_config.prompt_preamble,
                )
                # the result goes in ahead of the last user message and is never stored in the transcript
                messages.insert(-1, vector_db_result_to_openai_chat_message(vector_db_result))
                chat_parameters = self.get_chat_parameters(messages)
            except Exception:
                chat_parameters = self.get_chat_parameters()
        else:
            chat_parameters = self.get_chat_parameters()
        chat_parameters["stream"] = True

        openai_chat_messages = chat_parameters.get("messages", [])
        backchannel = None
        if self.agent_config.use_backchannels and not bot_was_in_medias_res and self.should_backchannel(human_input):
            backchannel = self.choose_backchannel()
        elif self.agent_config.first_response_filler_message and self.is_first_response():
            backchannel = BotBackchannel(text=self.agent_config.first_response_filler_message)
        if backchannel is not None:
            openai_chat_messages.append({"role": "assistant", "content": backchannel.text})
            yield GeneratedResponse(message=backchannel, is_interruptible=True)

        stream = await self.openai_client.chat.completions.create(**chat_parameters)
        async for chunk in stream:
            yield chunk
