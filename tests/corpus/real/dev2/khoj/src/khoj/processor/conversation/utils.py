"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/conversation/utils.py (lines 677-946), trimmed; not the original text.

Runs on every chat request: the stored conversation is rebuilt into chat messages,
then trimmed to the model's prompt size.
"""

from dataclasses import dataclass, field
from typing import Any, List

import tiktoken

from khoj.processor.conversation import prompts


@dataclass
class ChatMessage:
    content: Any
    role: str
    additional_kwargs: dict = field(default_factory=dict)


@dataclass
class ChatMessageModel:
    by: str
    message: Any
    context: list | None = None
    onlineContext: dict | None = None
    intent_type: str | None = None


@dataclass
class UserMemory:
    raw: str
    created_at: Any


def count_tokens(content: Any, encoder) -> int:
    return len(encoder.encode(str(content)))


def generate_chatml_messages_with_context(
    user_message: str,
    context_message: str = "",
    relevant_memories: List[UserMemory] | None = None,
    chat_history: list[ChatMessageModel] = [],
    system_message: str | None = None,
    model_name: str = "gpt-4o-mini",
    max_prompt_size: int = 10000,
) -> list[ChatMessage]:
    lookback_turns = max_prompt_size // 750
    chatml_messages: List[ChatMessage] = []
    for chat in chat_history:
        message_context = []
        role = "user" if chat.by == "you" else "assistant"
        if chat.onlineContext:
            message_context += [
                {"type": "text", "text": prompts.online_search_conversation.format(online_results=chat.onlineContext)}
            ]
        if chat.context:
            references = "\n\n".join(
                {  # expect: PL201
                    f"# URI: {item['uri']}\n## {item['compiled']}\n"
                    for item in chat.context or []
                    if isinstance(item, dict)
                }
            )
            message_context += [{"type": "text", "text": prompts.notes_conversation.format(references=references)}]
        if message_context:
            chatml_messages.append(ChatMessage(content=message_context, role="user"))
        chatml_messages.append(
            ChatMessage(content=chat.message, role=role, additional_kwargs={"message_type": chat.intent_type})
        )
        # keeps the oldest turns: the loop walks the history oldest first
        if len(chatml_messages) >= 3 * lookback_turns:
            break

    messages: list[ChatMessage] = []
    if system_message:
        messages.append(ChatMessage(content=system_message, role="system"))
    messages += chatml_messages
    if context_message:
        messages.append(ChatMessage(content=context_message, role="user"))
    if relevant_memories:
        memory_context = "Memories retrieved about me from earlier conversations:\n<retrieved_memories>\n"
        for memory in relevant_memories:
            friendly_dt = memory.created_at.strftime("%Y-%m-%d %H:%M:%S")
            memory_context += f"- [{friendly_dt}]: {memory.raw}\n"
        memory_context += "</retrieved_memories>"
        messages.append(ChatMessage(content=memory_context, role="user"))
    if user_message:
        messages.append(ChatMessage(content=user_message, role="user"))
    for message in messages:
        if isinstance(message.content, str):
            message.content = [{"type": "text", "text": message.content}]
    return truncate_messages(messages, max_prompt_size, model_name)


def truncate_messages(messages: list[ChatMessage], max_prompt_size: int, model_name: str) -> list[ChatMessage]:
    encoder = tiktoken.encoding_for_model(model_name)
    system_message = [m for m in messages if m.role == "system"]
    messages = [m for m in messages if m.role != "system"]

    def total() -> int:
        return sum(count_tokens(m.content, encoder) for m in system_message + messages) + 4 * len(messages)

    while total() > max_prompt_size and (len(messages) > 1 or len(messages[0].content) > 1):
        if len(messages[0].content) > 1 and messages[0].additional_kwargs.get("message_type") != "tool_call":
            messages[0].content.pop(0)
        else:
            dropped_message = messages.pop(0)  # expect: PL301
            if dropped_message.additional_kwargs.get("message_type") == "tool_call" and messages:
                messages.pop(0)
    return system_message + messages
