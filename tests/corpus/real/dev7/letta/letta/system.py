"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/system.py (lines 96-236), trimmed; not the original text.

Each of these packs an event into a message that is stored in the history once and re-sent as
stored: the heartbeat and the user message (user role), the tool result, and the compaction
summary placed once at the head of the history.
"""

import json
from datetime import datetime

import pytz


def get_local_time(timezone: str = "America/Los_Angeles") -> str:
    return datetime.now(pytz.utc).astimezone(pytz.timezone(timezone)).strftime("%Y-%m-%d %I:%M:%S %p %Z%z")


def get_heartbeat(timezone, reason: str = "Automated timer", include_location: bool = False, location_name: str = "San Francisco, CA, USA"):
    formatted_time = get_local_time(timezone=timezone)  # heartbeat time
    packaged_message = {"type": "heartbeat", "reason": reason, "time": formatted_time}
    if include_location:
        packaged_message["location"] = location_name
    return json.dumps(packaged_message)


def package_user_message(user_message: str, timezone: str, include_location: bool = False, location_name: str | None = "San Francisco, CA, USA", name: str | None = None):
    formatted_time = get_local_time(timezone=timezone)  # user message time
    packaged_message = {"type": "user_message", "message": user_message, "time": formatted_time}
    if include_location:
        packaged_message["location"] = location_name
    if name:
        packaged_message["name"] = name
    return json.dumps(packaged_message)


def package_function_response(was_success: bool, response_string, timezone: str | None) -> str:
    formatted_time = get_local_time(timezone=timezone)  # tool result time
    packaged_message = {"status": "OK" if was_success else "Failed", "message": response_string, "time": formatted_time}
    return json.dumps(packaged_message)


def package_summarize_message_no_counts(summary, timezone, compaction_stats: dict | None = None, mode: str | None = None):
    if mode and "sliding_window" in mode:
        context_message = "Note: prior messages from the beginning of the conversation have been hidden from view.\nThe following is a summary of the previous messages:\n " + summary
    else:
        context_message = "Note: prior messages have been hidden from view.\nThe following is a summary of the previous messages:\n " + summary
    formatted_time = get_local_time(timezone=timezone)  # summary time
    packaged_message = {"type": "system_alert", "message": context_message, "time": formatted_time}
    if compaction_stats:
        packaged_message["compaction_stats"] = compaction_stats
    return json.dumps(packaged_message)
