"""Reconstruction of langchain-ai/chat-langchain@f0e28040d768690c37e9cf8e040eb8dc09b93ed1:src/middleware/summarization_middleware.py (lines 1-60), trimmed; not the original text."""

from langchain.agents.middleware import SummarizationMiddleware
from langchain_core.messages.utils import get_buffer_string


class CustomSummarizationMiddleware(SummarizationMiddleware):
    def __init__(self, *args, summary_model, **kwargs):
        super().__init__(*args, **kwargs)
        self.summary_model = summary_model

    def _create_summary(self, messages_to_summarize):
        if not messages_to_summarize:
            return "No previous conversation history."
        trimmed_messages = self._trim_messages_for_summary(messages_to_summarize)
        if not trimmed_messages:
            return "Previous conversation was too long to summarize."
        formatted_messages = get_buffer_string(trimmed_messages)
        response = self.summary_model.invoke(
            self.summary_prompt.format(messages=formatted_messages).rstrip(),
            config={"metadata": {"lc_source": "summarization"}},
        )
        return response.text.strip()
