"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/agents/agent_common.py (lines 8-15), trimmed; not the original text."""

from app.data_structures import MessageThread


def replace_system_prompt(msg_thread: MessageThread, prompt: str) -> MessageThread:
    msg_thread.messages[0]["content"] = prompt
    return msg_thread
