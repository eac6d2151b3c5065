"""Reconstruction of vocodedev/vocode-core@e054c33a72787b6a4920f91eb8598ad0bafb4240:vocode/streaming/agent/groq_agent.py (lines 62-185), trimmed; not the original text."""

from groq import AsyncGroq

from vocode.streaming.agent.base_agent import RespondAgent
from vocode.streaming.agent.openai_utils import (
    get_openai_chat_messages_from_transcript,
    merge_event_logs,
    vector_db_result_to_openai_chat_message,
)


class GroqAgent(RespondAgent):
    def format_groq_chat_messages_from_transcript(self, transcript, prompt_preamble):
        merged_event_logs = merge_event_logs(event_logs=transcript.event_logs)
        return get_openai_chat_messages_from_transcript(
            merged_event_logs=merged_event_logs,
            prompt_preamble=prompt_preamble,
        )

    def get_chat_parameters(self, messages=None, use_functions=True):
        messages = messages or self.format_groq_chat_messages_from_transcript(
            self.transcript,
            self.agent_config.prompt_preamble,
        )
        return {"messages": messages, "model": self.agent_config.model_name, "stream": True}

    async def generate_response(self, human_input, conversation_id, is_interrupt=False, bot_was_in_medias_res=False):
        if self.agent_config.vector_db_config:
            try:
                docs_with_scores = await self.vector_db.similarity_search_with_score(  # expect: PL104
                    self.transcript.get_last_user_message()[1]
                )
                docs_with_scores_str = "\n\n".join(
                    ["Document: " + doc[0].metadata["source"] + "\n" + doc[0].lc_kwargs["page_content"] for doc in docs_with_scores]
                )
                vector_db_result = f"Found {len(docs_with_scores)} similar documents:\n{docs_with_scores_str}"
                messages = self.format_groq_chat_messages_from_transcript(
                    self.transcript,
                    self.agent_config.prompt_preamble,
                )
                messages.insert(-1, vector_db_result_to_openai_chat_message(vector_db_result))
                chat_parameters = self.get_chat_parameters(messages)
            except Exception:
                chat_parameters = self.get_chat_parameters()
        else:
            chat_parameters = self.get_chat_parameters()
        stream = await AsyncGroq().chat.completions.create(**chat_parameters)
        async for chunk in stream:
            yield chunk
