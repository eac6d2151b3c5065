"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/connectors/ai/anthropic/services/anthropic_chat_completion.py (lines 295-312), trimmed; not the original text."""

import json


class FunctionCallContent:
    def __init__(self, id: str, name: str, arguments: str | None):
        self.id = id
        self.name = name
        self.arguments = arguments


def _create_streaming_chat_message_content(message) -> list:
    tool_calls = []
    for tool_use_block in message.content:
        if tool_use_block.type != "tool_use":
            continue
        tool_calls.append(
            FunctionCallContent(
                id=tool_use_block.id,
                name=tool_use_block.name,
                arguments=json.dumps(tool_use_block.input) if tool_use_block.input else None,
            )
        )
    return tool_calls
