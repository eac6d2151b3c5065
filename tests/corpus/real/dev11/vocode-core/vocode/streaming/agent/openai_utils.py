"""Reconstruction of vocodedev/vocode-core@e054c33a72787b6a4920f91eb8598ad0bafb4240:vocode/streaming/agent/openai_utils.py (lines 25-149), trimmed; not the original text."""

from copy import deepcopy

from vocode.streaming.agent.token_utils import (
    get_chat_gpt_max_tokens,
    num_tokens_from_functions,
    num_tokens_from_messages,
)
from vocode.streaming.models.agent import LLM_AGENT_DEFAULT_MAX_TOKENS
from vocode.streaming.models.events import Sender
from vocode.streaming.models.transcript import ActionFinish, ActionStart, Message


def vector_db_result_to_openai_chat_message(vector_db_result):
    return {"role": "user", "content": vector_db_result}


def get_openai_chat_messages_from_transcript(merged_event_logs, prompt_preamble):
    chat_messages = [{"role": "system", "content": prompt_preamble}]
    for event_log in merged_event_logs:
        if isinstance(event_log, Message):
            if len(event_log.text.strip()) == 0:
                continue
            chat_messages.append(
                {
                    "role": ("assistant" if event_log.sender == Sender.BOT else "user"),
                    "content": event_log.to_string(include_sender=False),
                },
            )
        elif isinstance(event_log, ActionStart):
            chat_messages.append(
                {
                    "role": "assistant",
                    "content": None,
                    "function_call": {
                        "name": event_log.action_type,
                        "arguments": event_log.action_input.params.json(),
                    },
                }
            )
        elif isinstance(event_log, ActionFinish):
            chat_messages.append(
                {"role": "function", "name": event_log.action_type, "content": event_log.to_string(include_header=False)}
            )
    return chat_messages


def merge_event_logs(event_logs):
    new_event_logs = []
    idx = 0
    while idx < len(event_logs):
        bot_messages_buffer = []
        current_log = event_logs[idx]
        while isinstance(current_log, Message) and current_log.sender == Sender.BOT:
            bot_messages_buffer.append(current_log)
            idx += 1
            try:
                current_log = event_logs[idx]
            except IndexError:
                break
        if bot_messages_buffer:
            merged_bot_message = deepcopy(bot_messages_buffer[-1])
            merged_bot_message.text = " ".join(event_log.text for event_log in bot_messages_buffer)
            new_event_logs.append(merged_bot_message)
        else:
            new_event_logs.append(current_log)
            idx += 1
    return new_event_logs


def format_openai_chat_messages_from_transcript(transcript, model_name, functions, prompt_preamble):
    merged_event_logs = merge_event_logs(event_logs=transcript.event_logs)
    chat_messages = get_openai_chat_messages_from_transcript(
        merged_event_logs=merged_event_logs,
        prompt_preamble=prompt_preamble,
    )
    context_size = num_tokens_from_messages(messages=chat_messages, model=model_name) + num_tokens_from_functions(
        functions=functions, model=model_name
    )
    while context_size > get_chat_gpt_max_tokens(model_name) - LLM_AGENT_DEFAULT_MAX_TOKENS - 50:
        if len(chat_messages) <= 1:
            break
        chat_messages.pop(1)  # expect: PL301
        context_size = num_tokens_from_messages(messages=chat_messages, model=model_name) + num_tokens_from_functions(
            functions=functions, model=model_name
        )
    return chat_messages
