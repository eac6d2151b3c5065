"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-ext/src/autogen_ext/models/anthropic/_anthropic_client.py (lines 583-625), trimmed; not the original text."""

from autogen_core.models import SystemMessage


class BaseAnthropicChatCompletionClient:
    async def create(self, messages, *, tools=(), json_output=None, extra_create_args=None):
        system_message = None
        anthropic_messages = []
        messages = self._merge_system_messages(messages)
        messages = self._rstrip_last_assistant_message(messages)
        for message in messages:
            if isinstance(message, SystemMessage):
                system_message = message.content
            else:
                anthropic_messages.append(self._to_anthropic(message))
        request_args = {"model": self._create_args["model"], "messages": anthropic_messages, "max_tokens": 4096}
        if system_message is not None:
            request_args["system"] = system_message
        if len(tools) > 0:
            request_args["tools"] = self._convert_tools(tools)
        return await self._client.messages.create(**request_args)
