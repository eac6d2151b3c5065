"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/llm/anthropic/serializer.py
(lines 54-330), trimmed; not the original text.
"""

from browser_use.llm.messages import BaseMessage, SystemMessage


class AnthropicMessageSerializer:
    @staticmethod
    def _serialize_content(content, use_cache: bool = False):
        cache_control = {"type": "ephemeral"} if use_cache else None
        if isinstance(content, str):
            if cache_control:
                return [{"type": "text", "text": content, "cache_control": cache_control}]
            return content
        blocks = []
        for i, part in enumerate(content):
            block = {"type": "text", "text": part.text}
            if use_cache and i == len(content) - 1:
                block["cache_control"] = cache_control
            blocks.append(block)
        return blocks

    @staticmethod
    def _clean_cache_messages(messages: list[BaseMessage]) -> list[BaseMessage]:
        cleaned_messages = [msg.model_copy(deep=True) for msg in messages]
        last_cache_index = -1
        for i in range(len(cleaned_messages) - 1, -1, -1):
            if cleaned_messages[i].cache:
                last_cache_index = i
                break
        # clean: only the last cache=True message keeps its breakpoint (with system and tool: 3)
        for i, msg in enumerate(cleaned_messages):
            if i != last_cache_index and msg.cache:
                msg.cache = False
        return cleaned_messages

    @staticmethod
    def serialize_messages(messages: list[BaseMessage]):
        messages = [m.model_copy(deep=True) for m in messages]
        normal_messages = [m for m in messages if not isinstance(m, SystemMessage)]
        system_message = next((m for m in messages if isinstance(m, SystemMessage)), None)
        normal_messages = AnthropicMessageSerializer._clean_cache_messages(normal_messages)
        serialized_messages = [
            {"role": m.role, "content": AnthropicMessageSerializer._serialize_content(m.content, use_cache=m.cache)}
            for m in normal_messages
        ]
        serialized_system_message = None
        if system_message:
            serialized_system_message = AnthropicMessageSerializer._serialize_content(
                system_message.content, use_cache=system_message.cache
            )
        return serialized_messages, serialized_system_message
