"""Anthropic's multi-turn caching: the final user turn carries the moving breakpoint.

The timestamp in the final turn is written once and re-sent unchanged on the next
request, so it never breaks a prefix. Nothing here may be flagged except the marked lines.
"""

from datetime import datetime

import anthropic

client = anthropic.Anthropic()
SYSTEM = [
    {
        "type": "text",
        "text": "You are a long-running research companion.",
        "cache_control": {"type": "ephemeral"},
    }
]


def ask_once(q: str):
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=500,
        system="Static rules.",
        messages=[
            {
                "role": "user",
                "content": [
                    {
                        "type": "text",
                        "text": f"[{datetime.now():%H:%M}] {q}",
                        "cache_control": {"type": "ephemeral"},
                    }
                ],
            }
        ],
    )


def ask_with_prefill(q: str):
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=500,
        system=SYSTEM,
        messages=[
            {
                "role": "user",
                "content": [
                    {
                        "type": "text",
                        "text": f"Sent {datetime.now().isoformat()}: {q}",
                        "cache_control": {"type": "ephemeral"},
                    }
                ],
            },
            {"role": "assistant", "content": "{"},
        ],
    )


class Thread:
    def __init__(self) -> None:
        self.messages: list[dict] = []

    def send(self, text: str) -> str:
        self.messages.append(
            {
                "role": "user",
                "content": [
                    {
                        "type": "text",
                        "text": f"[{datetime.now():%Y-%m-%d %H:%M}] {text}",
                        "cache_control": {"type": "ephemeral"},
                    },
                ],
            }
        )
        resp = client.messages.create(
            model="claude-sonnet-4-5", max_tokens=1024, system=SYSTEM, messages=self.messages
        )
        self.messages.append({"role": "assistant", "content": resp.content})
        return resp.content[0].text


def ask_after_stamped_history(q: str, answer: str):
    # An earlier turn before the breakpoint is still prefix.
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=500,
        system=SYSTEM,
        messages=[
            {"role": "user", "content": f"Started at {datetime.now():%H:%M}."},  # expect: PL101
            {"role": "assistant", "content": answer},
            {
                "role": "user",
                "content": [{"type": "text", "text": q, "cache_control": {"type": "ephemeral"}}],
            },
        ],
    )
