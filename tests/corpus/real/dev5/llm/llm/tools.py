"""Reconstruction of simonw/llm@f3f4f29c6e5e623c3776cbf6455dda2345638214:llm/tools.py (lines 1-40), trimmed; not the original text."""

import time
from datetime import datetime, timezone


def llm_time() -> dict:
    "The current time, for the model to read as a tool result"
    utc_time = datetime.now(timezone.utc)
    local_time = utc_time.astimezone()
    return {
        "utc_time": utc_time.strftime("%Y-%m-%d %H:%M:%S UTC"),
        "local_time": local_time.strftime("%Y-%m-%d %H:%M:%S"),
        "timezone": time.tzname[0],
    }
