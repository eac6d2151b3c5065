"""Prompt factories: configuration passed at import time vs data passed per request."""

import anthropic

client = anthropic.Anthropic()
# Past 4,096 tokens, the minimum Claude Haiku 4.5 caches: worth caching ahead of a visitor.
GUIDE = "Follow the escalation guide: acknowledge, diagnose, resolve, confirm, close. " * 220


def make_system(company: str, tone: str = "friendly") -> str:
    # Called below with literals only: company and tone are configuration, not request data.
    return f"You are the {tone} support agent of {company}.\n{GUIDE}"


ACME_SYSTEM = make_system("Acme")
GLOBEX_SYSTEM = make_system("Globex", tone="formal")


def greeting_system(visitor: str) -> str:
    return f"Greet {visitor} by name.\n{GUIDE}"  # expect: PL104


def reply(question: str, visitor: str):
    return client.messages.create(
        model="claude-haiku-4-5",
        max_tokens=300,
        system=greeting_system(visitor),
        messages=[{"role": "user", "content": question}],
    )


def reply_acme(question: str):
    return client.messages.create(
        model="claude-haiku-4-5",
        max_tokens=300,
        system=ACME_SYSTEM,
        messages=[{"role": "user", "content": question}],
    )
