"""RAG over the Anthropic Messages API with explicit cache breakpoints."""

import json
import uuid
from datetime import date

import anthropic

client = anthropic.Anthropic()

INSTRUCTIONS = """You answer questions about the Orion product handbook.
Quote the handbook section you rely on. If the handbook does not say, answer "not documented".
Prefer the newest section when two sections disagree."""

ANSWER_SCHEMA = {"type": "object", "properties": {"answer": {"type": "string"}}}

EPHEMERAL = {"type": "ephemeral"}
LONG_LIVED = {"type": "ephemeral", "ttl": "1h"}


def answer(question: str, docs: list[str], session_id: str):
    # Documents are stable for the session; the question and today's date come last.
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        system=[
            {"type": "text", "text": INSTRUCTIONS, "cache_control": LONG_LIVED},
            {
                "type": "text",
                "text": "Output schema:\n" + json.dumps(ANSWER_SCHEMA, sort_keys=True),
            },
        ],
        messages=[
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "\n\n".join(docs), "cache_control": EPHEMERAL},
                    {"type": "text", "text": f"Today is {date.today()}. {question}"},
                ],
            }
        ],
        metadata={"user_id": session_id},
    )


def answer_with_trace(question: str, docs: list[str]):
    trace = uuid.uuid4()  # expect: PL102
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        system=f"[trace {trace}]\n{INSTRUCTIONS}",
        messages=[{"role": "user", "content": question}],
    )


def answer_ttl_wrong(question: str, docs: list[str]):
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        system=[{"type": "text", "text": INSTRUCTIONS, "cache_control": EPHEMERAL}],
        messages=[
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "\n\n".join(docs), "cache_control": LONG_LIVED},  # expect: PL402
                    {"type": "text", "text": question},
                ],
            }
        ],
    )


def answer_many_breakpoints(question: str, docs: list[str]):
    blocks = [{"type": "text", "text": d, "cache_control": EPHEMERAL} for d in docs]  # expect: PL401
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        system=INSTRUCTIONS,
        messages=[{"role": "user", "content": [*blocks, {"type": "text", "text": question}]}],
    )


def answer_after_breakpoint(question: str, user_name: str):
    # Per-request text after the last breakpoint is fine: it is not part of the cached prefix.
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        system=[
            {"type": "text", "text": INSTRUCTIONS, "cache_control": EPHEMERAL},
            {"type": "text", "text": f"The reader is {user_name}; today is {date.today()}."},
        ],
        messages=[{"role": "user", "content": question}],
    )
