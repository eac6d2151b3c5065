"""Reconstruction of Josh-XT/AGiXT@805a9525d8acb52d9c05ce6f5ce1ce71e16829d4:agixt/MagicalAuth.py (lines 9693-9700), trimmed; not the original text."""

from datetime import datetime

import pytz


def get_user_timezone(user_id) -> str:
    return "UTC"


def get_current_user_time(user_id) -> datetime:
    local_tz = pytz.timezone(get_user_timezone(user_id))
    return datetime.now(local_tz)
