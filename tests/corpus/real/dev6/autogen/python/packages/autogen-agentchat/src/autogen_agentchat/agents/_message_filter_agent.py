"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-agentchat/src/autogen_agentchat/agents/_message_filter_agent.py (lines 154-176), trimmed; not the original text."""

from typing import List, Sequence


class MessageFilterAgent:
    def _apply_filter(self, messages: Sequence) -> Sequence:
        result: List = []
        for source_filter in self._filter.per_source:
            msgs = [m for m in messages if m.source == source_filter.source]
            if source_filter.position == "first" and source_filter.count:
                msgs = msgs[: source_filter.count]
            elif source_filter.position == "last" and source_filter.count:
                msgs = msgs[-source_filter.count :]
            result.extend(msgs)
        return result

    async def on_messages(self, messages, cancellation_token):
        # the new messages of this turn; the wrapped agent appends them to its own model context
        filtered = self._apply_filter(messages)
        return await self._wrapped_agent.on_messages(filtered, cancellation_token)
