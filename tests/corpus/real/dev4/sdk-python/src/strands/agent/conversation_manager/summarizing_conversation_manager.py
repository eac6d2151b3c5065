"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/agent/conversation_manager/summarizing_conversation_manager.py (lines 118-204), trimmed; not the original text.

Summarisation happens only on a context overflow: the oldest part is replaced once by a summary
message and the conversation keeps appending after it.
"""


class SummarizingConversationManager:
    def __init__(self, summary_ratio=0.3, preserve_recent_messages=10):
        self.summary_ratio = max(0.1, min(0.8, summary_ratio))
        self.preserve_recent_messages = preserve_recent_messages
        self._summary_message = None
        self.removed_message_count = 0

    def apply_management(self, agent, **kwargs):
        pass

    def reduce_context(self, agent, e=None, **kwargs):
        self._summarize_oldest(agent)

    def _summarize_oldest(self, agent):
        count = max(1, int(len(agent.messages) * self.summary_ratio))
        count = min(count, len(agent.messages) - self.preserve_recent_messages)
        messages_to_summarize = agent.messages[:count]
        remaining_messages = agent.messages[count:]
        self.removed_message_count += len(messages_to_summarize)
        self._summary_message = self._generate_summary(messages_to_summarize, agent)
        agent.messages[:] = [self._summary_message] + remaining_messages

    def _generate_summary(self, messages, agent):
        text = agent.model.summarize(messages)
        return {"role": "user", "content": [{"text": text}]}
