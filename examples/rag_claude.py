"""RAG with Claude: the retrieved documents and the rules are cacheable, but not as written."""

import json
import uuid

import anthropic

client = anthropic.Anthropic()

RULES = """You answer questions about the company handbook.
Quote the section you rely on; say "not in the handbook" when it is not there."""

CC = {"type": "ephemeral"}


def answer(question: str, store, request_id: str | None = None):
    request_id = request_id or str(uuid.uuid4())
    context = "\n\n".join(json.dumps(d) for d in store.fetchall())  # jsonb reorders keys
    return client.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        system=[
            # a per-request id at the top of the system prompt: nothing is ever cached
            {"type": "text", "text": f"Request {uuid.uuid4()}.\n{RULES}", "cache_control": CC},
            {"type": "text", "text": context, "cache_control": {"type": "ephemeral", "ttl": "1h"}},
        ],
        messages=[{"role": "user", "content": question}],
        metadata={"user_id": request_id},
    )
