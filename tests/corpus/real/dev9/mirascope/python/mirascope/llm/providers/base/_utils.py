"""Reconstruction of Mirascope/mirascope@41d433578653411dbff96c6eaca4fa869aafc931:python/mirascope/llm/providers/base/_utils.py (lines 78-139), trimmed; not the original text."""

from ...content import Text
from ...messages import SystemMessage


def add_system_instructions(messages, additional_system_instructions: str):
    """Append format instructions to the system message (a new list; idempotent)."""
    if messages and messages[0].role == "system":
        if messages[0].content.text.endswith(additional_system_instructions):
            return messages
        modified = Text(text=messages[0].content.text + "\n" + additional_system_instructions)
        return [SystemMessage(role="system", content=modified), *messages[1:]]
    return [
        SystemMessage(role="system", content=Text(text=additional_system_instructions)),
        *messages,
    ]


def extract_system_message(messages):
    """The first system message's text and the other messages, in order."""
    system_message_content = None
    remaining_messages = []
    for i, message in enumerate(messages):
        if message.role == "system":
            if i == 0:
                system_message_content = message.content.text
        else:
            remaining_messages.append(message)
    return system_message_content, remaining_messages
