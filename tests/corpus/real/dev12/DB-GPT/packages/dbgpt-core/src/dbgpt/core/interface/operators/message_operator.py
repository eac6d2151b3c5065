"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-core/src/dbgpt/core/interface/operators/message_operator.py (lines 195-262, 332-420, 500-600), trimmed; not the original text."""

import uuid
from typing import Callable, List, Optional

from dbgpt.core.interface.message import BaseMessage, _messages_to_str, _split_messages_by_round


class PreChatHistoryLoadOperator:
    async def map(self, input_value):
        if not input_value.conv_uid:
            input_value.conv_uid = str(uuid.uuid4())
        storage_conv = await self.get_storage_conversation()
        return storage_conv.get_history_message()


class ConversationMapperOperator:
    def __init__(self, message_mapper=None, **kwargs):
        self._message_mapper = message_mapper

    async def map(self, input_value: List[BaseMessage]) -> List[BaseMessage]:
        return await self.map_messages(input_value)

    async def map_messages(self, messages: List[BaseMessage]) -> List[BaseMessage]:
        messages_by_round = _split_messages_by_round(messages)
        return self._message_mapper(messages_by_round)


class BufferedConversationMapperOperator(ConversationMapperOperator):
    def __init__(
        self,
        keep_start_rounds: Optional[int] = None,
        keep_end_rounds: Optional[int] = None,
        **kwargs,
    ):
        self._keep_start_rounds = keep_start_rounds or 0
        self._keep_end_rounds = keep_end_rounds or 0

        def new_message_mapper(messages_by_round):
            messages_by_round = self._filter_round_messages(messages_by_round)
            return _merge_multi_round_messages(messages_by_round)

        super().__init__(new_message_mapper, **kwargs)

    def _filter_round_messages(self, messages_by_round):
        total_rounds = len(messages_by_round)
        if self._keep_start_rounds > 0 and self._keep_end_rounds > 0:
            if self._keep_start_rounds + self._keep_end_rounds > total_rounds:
                return messages_by_round
            return (
                messages_by_round[: self._keep_start_rounds]
                + messages_by_round[-self._keep_end_rounds :]  # expect: PL301
            )
        elif self._keep_start_rounds:
            return messages_by_round[: self._keep_start_rounds]
        elif self._keep_end_rounds:
            return messages_by_round[-self._keep_end_rounds :]  # expect: PL301
        else:
            return []


class TokenBufferedConversationMapperOperator(ConversationMapperOperator):
    def __init__(self, model, llm_client, max_token_limit: int = 2000, **kwargs):
        self._model = model
        self._llm_client = llm_client
        self._max_token_limit = max_token_limit
        super().__init__(**kwargs)

    async def map_messages(self, messages: List[BaseMessage]) -> List[BaseMessage]:
        messages_by_round = _split_messages_by_round(messages)
        messages_str = _messages_to_str(_merge_multi_round_messages(messages_by_round))
        current_tokens = await self._llm_client.count_token(self._model, messages_str)
        while current_tokens > self._max_token_limit:
            messages_by_round = self.eviction_policy(messages_by_round)
            messages_str = _messages_to_str(
                _merge_multi_round_messages(messages_by_round)
            )
            current_tokens = await self._llm_client.count_token(
                self._model, messages_str
            )
        return _merge_multi_round_messages(messages_by_round)

    def eviction_policy(self, messages_by_round):
        messages_by_round.pop(0)  # expect: PL301
        return messages_by_round


def _merge_multi_round_messages(messages):
    return sum(messages, [])
