"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/contents/history_reducer/chat_history_summarization_reducer.py (lines 85-193), trimmed; not the original text."""

SUMMARY_METADATA_KEY = "__summary__"


class ChatHistorySummarizationReducer:
    def __init__(self, service, messages: list, target_count: int, threshold_count: int = 0, use_single_summary: bool = True, summarization_instructions: str = "Summarize the conversation."):
        self.service = service
        self.messages = messages
        self.target_count = target_count
        self.threshold_count = threshold_count
        self.use_single_summary = use_single_summary
        self.summarization_instructions = summarization_instructions

    async def reduce(self):
        history = self.messages
        if len(history) <= self.target_count + self.threshold_count:
            return None
        insertion_point = next((i for i, m in enumerate(history) if not m.metadata.get(SUMMARY_METADATA_KEY)), 0)
        truncation_index = len(history) - self.target_count
        messages_to_summarize = history[0 if self.use_single_summary else insertion_point : truncation_index]
        if not messages_to_summarize:
            return None
        summary_msg = await self._summarize(messages_to_summarize)
        summary_msg.metadata[SUMMARY_METADATA_KEY] = True
        keep_existing_summaries = [] if self.use_single_summary else history[:insertion_point]
        remainder = history[truncation_index:]  # expect: PL301
        self.messages = [*keep_existing_summaries, summary_msg, *remainder]
        return self

    async def _summarize(self, messages: list):
        chat_history = list(messages)
        chat_history.append({"role": "system", "content": self.summarization_instructions})
        return await self.service.get_chat_message_content(chat_history=chat_history)
