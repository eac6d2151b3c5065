"""Helpers that fill a `now=None` parameter inside: the last assignment before use wins."""

from datetime import datetime
from typing import Optional

from openai import OpenAI

client = OpenAI()


def system_prompt(now: Optional[datetime] = None) -> str:
    now = now or datetime.now()  # expect: PL101
    return f"It is {now:%A %H:%M}. You are a restaurant booking assistant."


def greeting(now=None) -> str:
    if now is None:
        now = datetime.now()  # expect: PL101
    return f"Good day. Local time {now:%H:%M}. You take orders."


def footer(lang="en") -> str:
    lang = lang.lower()
    return f"Answer in {lang}."


def book(text: str) -> str:
    resp = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": system_prompt() + greeting() + footer()},
            {"role": "user", "content": text},
        ],
    )
    return resp.choices[0].message.content or ""
