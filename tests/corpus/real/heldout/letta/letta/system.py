"""Reconstruction of letta-ai/letta@56ba9c25552605eec89de8ed3dc6394b625c1993:letta/system.py (lines 96-110), trimmed; not the original text.

The heartbeat is a user-role event message: it is stored once in the history and re-sent as stored.
"""

import json
from datetime import datetime

import pytz


def get_local_time(timezone: str = "America/Los_Angeles") -> str:
    return datetime.now(pytz.utc).astimezone(pytz.timezone(timezone)).strftime("%Y-%m-%d %I:%M:%S %p %Z%z")


def get_heartbeat(timezone, reason: str = "Automated timer", include_location: bool = False, location_name: str = "San Francisco, CA, USA"):
    formatted_time = get_local_time(timezone=timezone)
    packaged_message = {"type": "heartbeat", "reason": reason, "time": formatted_time}
    if include_location:
        packaged_message["location"] = location_name
    return json.dumps(packaged_message)
