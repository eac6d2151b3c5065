"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/conversation/utils.py (lines 323-345, 497-520, 677-851, 867-946), trimmed; not the original text."""

from datetime import datetime
from typing import List

from langchain_core.messages.chat import ChatMessage

from khoj.processor.conversation import prompts


def construct_chat_history(chat_history, n: int = 4, agent_name="AI") -> str:
    chat_history_str = ""
    for chat in chat_history[-n:]:
        if chat.by == "khoj":
            chat_history_str += f"{agent_name}: {chat.message}\n\n"
        else:
            chat_history_str += f"User: {chat.message}\n"
    return chat_history_str


def message_to_log(user_message, chat_response, user_message_metadata={}, khoj_message_metadata={}, chat_history=[]):
    khoj_response_time = datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    human_message = {"message": user_message, "by": "you", **user_message_metadata}
    khoj_message = {"message": chat_response, "by": "khoj", "created": khoj_response_time, **khoj_message_metadata}
    chat_history.extend([human_message, khoj_message])
    return chat_history


def generate_chatml_messages_with_context(
    user_message: str,
    query_files: str = None,
    query_images=None,
    context_message="",
    relevant_memories=None,
    chat_history=[],
    system_message: str = None,
    model_name="gpt-4o-mini",
    model_type="",
    max_prompt_size=None,
    tokenizer_name=None,
    vision_enabled=False,
):
    if not max_prompt_size:
        max_prompt_size = 10000
    lookback_turns = max_prompt_size // 750
    chatml_messages: List[ChatMessage] = []
    for chat in chat_history:
        message_context = []
        role = "user" if chat.by == "you" else "assistant"
        if chat.onlineContext:
            message_context += [{"type": "text", "text": f"{prompts.online_search_conversation.format(online_results=chat.onlineContext)}"}]
        if chat.context:
            references = "\n\n".join(
                {
                    f"# URI: {item.uri or item.file}\n## {item.compiled}\n"
                    for item in chat.context or []
                    if isinstance(item, dict)
                }
            )
            message_context += [{"type": "text", "text": f"{prompts.notes_conversation.format(references=references)}"}]
        if message_context:
            chatml_messages.append(ChatMessage(content=message_context, role="user"))
        chatml_messages.append(ChatMessage(content=chat.message, role=role))
        if len(chatml_messages) >= 3 * lookback_turns:
            break
    messages: list[ChatMessage] = []
    if system_message:
        messages.append(ChatMessage(content=system_message, role="system"))
    if len(chatml_messages) > 0:
        messages += chatml_messages
    if context_message:
        messages.append(ChatMessage(content=context_message, role="user"))
    if relevant_memories:
        memory_context = "Your memory system retrieved the following memories about me based on our previous conversations. Ignore them if they are not relevant to the query.\n<retrieved_memories>\n"
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
    messages = truncate_messages(messages, max_prompt_size, model_name, tokenizer_name)
    return messages


def truncate_messages(messages: list[ChatMessage], max_prompt_size: int, model_name: str, tokenizer_name=None) -> list[ChatMessage]:
    encoder = get_encoder(model_name, tokenizer_name)
    system_message = []
    non_system_messages = []
    for message in messages:
        if message.role == "system":
            system_message.append(message)
        else:
            non_system_messages.append(message)
    messages = non_system_messages
    total_tokens, system_message_tokens = count_total_tokens(messages, encoder, system_message)
    while total_tokens > max_prompt_size and (len(messages) > 1 or len(messages[0].content) > 1):
        if len(messages[0].content) > 1 and messages[0].additional_kwargs.get("message_type") != "tool_call":
            messages[0].content.pop(0)
        else:
            dropped_message = messages.pop(0)  # expect: PL301
            if dropped_message.additional_kwargs.get("message_type") == "tool_call" and messages and messages[0].additional_kwargs.get("message_type") == "tool_result":
                messages.pop(0)
        total_tokens, _ = count_total_tokens(messages, encoder, system_message)
    return system_message + messages if system_message else messages
