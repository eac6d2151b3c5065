"""A support bot that puts the current time into its system prompt (a cache breaker)."""

from datetime import datetime

from openai import OpenAI

client = OpenAI()

POLICY = """You are the support assistant for Acme Cloud.
Answer only from the knowledge base. Escalate billing disputes to a human.
Never promise refunds. Keep answers under 120 words."""


def answer(question: str) -> str:
    system = f"Current time: {datetime.now():%Y-%m-%d %H:%M}.\n{POLICY}"
    resp = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": system},
            {"role": "user", "content": question},
        ],
    )
    return resp.choices[0].message.content or ""
