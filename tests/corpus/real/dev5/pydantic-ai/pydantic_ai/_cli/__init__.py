"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/_cli/__init__.py (lines 90, 124-132), trimmed; not the original text."""

import sys
from datetime import datetime, timezone

from pydantic_ai import Agent

cli_agent = Agent()


@cli_agent.system_prompt
def cli_system_prompt() -> str:
    now_utc = datetime.now(timezone.utc)
    tzinfo = now_utc.astimezone().tzinfo
    tzname = tzinfo.tzname(now_utc) if tzinfo else ""
    return (
        "Help the user by responding to their request, the output should be concise and always written in markdown.\n"
        f"The current date and time is {datetime.now()} {tzname}.\n"  # expect: PL101
        f"The user is running {sys.platform}."
    )
