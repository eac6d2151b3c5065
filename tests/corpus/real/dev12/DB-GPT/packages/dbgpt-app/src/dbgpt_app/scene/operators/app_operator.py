"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-app/src/dbgpt_app/scene/operators/app_operator.py (lines 50-150), trimmed; not the original text."""

from dbgpt.core.interface.operators.message_operator import (
    BufferedConversationMapperOperator,
    TokenBufferedConversationMapperOperator,
)
from dbgpt.core.interface.operators.prompt_operator import HistoryPromptBuilderOperator
from dbgpt.core import ModelRequest
from dbgpt_serve.core.config import (
    BufferWindowGPTsAppMemoryConfig,
    TokenBufferGPTsAppMemoryConfig,
)


class AppChatComposerOperator:
    def __init__(self, model, temperature, max_new_tokens, prompt, llm_client, memory,
                 history_key="chat_history", str_history=False, request_context=None):
        self._prompt_template = prompt
        self._llm_client = llm_client
        self._history_key = history_key
        self._memory = memory
        self._str_history = str_history
        self._model_name = model
        self._request_context = request_context

    async def map(self, input_value):
        history = input_value.messages
        if isinstance(self._memory, BufferWindowGPTsAppMemoryConfig):
            history_transform_task = BufferedConversationMapperOperator(
                keep_start_rounds=self._memory.keep_start_rounds,
                keep_end_rounds=self._memory.keep_end_rounds,
            )
        elif isinstance(self._memory, TokenBufferGPTsAppMemoryConfig):
            history_transform_task = TokenBufferedConversationMapperOperator(
                model=self._model_name,
                llm_client=self._llm_client,
                max_token_limit=self._memory.max_token_limit,
            )
        else:
            raise ValueError("Unsupported memory configuration")
        history = await history_transform_task.map(history)
        builder = HistoryPromptBuilderOperator(
            prompt=self._prompt_template, history_key=self._history_key,
            str_history=self._str_history,
        )
        messages = await builder.merge_history(history, input_value.prompt_dict)
        return ModelRequest.build_request(
            model=self._model_name, messages=messages, context=self._request_context
        )
