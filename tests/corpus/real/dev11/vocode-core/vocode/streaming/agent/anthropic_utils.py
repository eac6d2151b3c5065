"""Reconstruction of vocodedev/vocode-core@e054c33a72787b6a4920f91eb8598ad0bafb4240:vocode/streaming/agent/anthropic_utils.py (lines 1-39), trimmed; not the original text."""

from vocode.streaming.agent.openai_utils import merge_event_logs
from vocode.streaming.models.transcript import ActionStart, Transcript


def format_anthropic_chat_messages_from_transcript(transcript):
    new_event_logs = merge_event_logs(event_logs=transcript.event_logs)
    merged_event_logs_sans_bot_action_start = [
        event_log for event_log in new_event_logs if not isinstance(event_log, ActionStart)
    ]
    return [
        {
            "role": "user",
            "content": Transcript(event_logs=merged_event_logs_sans_bot_action_start).to_string(
                include_timestamps=False,
                mark_human_backchannels_with_brackets=True,
            ),
        },
        {"role": "assistant", "content": "BOT:"},
    ]


def merge_bot_messages_for_langchain(messages):
    merged_messages = []
    for role, message in messages:
        if role == "ai" and merged_messages and merged_messages[-1][0] == "ai":
            merged_messages[-1] = ("ai", merged_messages[-1][1] + message)
        else:
            merged_messages.append((role, message))
    return merged_messages
