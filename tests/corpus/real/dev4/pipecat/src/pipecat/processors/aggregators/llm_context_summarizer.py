"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/processors/aggregators/llm_context_summarizer.py (lines 263-300, 408-451), trimmed; not the original text.

Summarisation is a one-off compaction: when a threshold is crossed, the older messages are
replaced once by a summary message and the conversation keeps appending after it.
"""

import uuid


class LLMContextSummarizer:
    def __init__(self, context, summary_message_template="Summary so far: {summary}"):
        self._context = context
        self._summary_message_template = summary_message_template
        self._pending_summary_request_id = None
        self._summarization_in_progress = False

    async def _request_summarization(self, push):
        request_id = str(uuid.uuid4())
        self._summarization_in_progress = True
        self._pending_summary_request_id = request_id
        await push({"request_id": request_id, "context": self._context})

    async def _apply_summary(self, summary, last_summarized_index):
        messages = self._context.messages
        first_system_msg = None
        if messages and messages[0].get("role") == "system":
            first_system_msg = messages[0]
        recent_messages = messages[last_summarized_index + 1 :]
        summary_message = {
            "role": "user",
            "content": self._summary_message_template.format(summary=summary),
        }
        new_messages = []
        if first_system_msg:
            new_messages.append(first_system_msg)
        new_messages.append(summary_message)
        new_messages.extend(recent_messages)
        self._context.set_messages(new_messages)
