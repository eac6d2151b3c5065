"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/_utils.py (lines 556-557), trimmed; not the original text."""

from datetime import datetime, timezone


def now_utc() -> datetime:
    return datetime.now(tz=timezone.utc)
