"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/connectors/ai/chat_completion_client_base.py (lines 118-172), trimmed; not the original text."""

import asyncio


class ChatCompletionClientBase:
    async def _inner_get_chat_message_contents(self, chat_history: list, settings) -> list:
        raise NotImplementedError

    def _reset_function_choice_settings(self, settings) -> None:
        settings.tool_choice = None
        settings.tools = None

    async def get_chat_message_contents(self, chat_history: list, settings, kernel, **kwargs) -> list:
        for request_index in range(settings.function_choice_behavior.maximum_auto_invoke_attempts):
            completions = await self._inner_get_chat_message_contents(chat_history, settings)
            function_calls = [item for item in completions[0].items if item.type == "function_call"]
            if not function_calls:
                return completions
            chat_history.append(completions[0])
            await asyncio.gather(
                *[
                    kernel.invoke_function_call(function_call=fc, chat_history=chat_history, request_index=request_index)
                    for fc in function_calls
                ]
            )
        # the last call goes out without the tools once the attempts are used up
        self._reset_function_choice_settings(settings)
        return await self._inner_get_chat_message_contents(chat_history, settings)
