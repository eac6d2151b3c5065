"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/components/chat/processors/chat_history/memory/tldr_processor.py (lines 48-125), trimmed; not the original text.

Condensation runs when the history is over the budget; its TLDR block is kept by the client
and later requests start the history from the last TLDR.
"""

import asyncio

from private_gpt.components.chat.processors.chat_history.memory.tldr_utils import (
    get_system_and_conversation_messages,
    trim_to_last_tldr,
)


async def condense_chat_history(chat_history, condense_strategy=None, max_length=None, tokenizer_fn=None, **kwargs):
    system_messages, conversation_history = get_system_and_conversation_messages(chat_history or [])
    conversation_history = await asyncio.to_thread(trim_to_last_tldr, conversation_history)
    if not chat_history or not max_length:
        yield chat_history
        return
    current = len(await tokenizer_fn(str(conversation_history)))
    if condense_strategy is None or current <= max_length:
        yield system_messages + conversation_history
        return
    yield await condense_strategy.condense(conversation_history, max_length)
