"""The same jobs done right: a stable prefix, per-request data at the end or outside."""

import json
import os
import time
import uuid
from datetime import datetime

import anthropic
from openai import OpenAI

oai = OpenAI()
claude = anthropic.Anthropic()

POLICY = "You are the support assistant for Acme Cloud. Answer from the knowledge base only."
RULES = "You answer questions about the company handbook. Quote the section you rely on."


def support(question: str, user_id: str) -> str:
    started = time.perf_counter()
    resp = oai.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": POLICY},
            {"role": "user", "content": f"(now: {datetime.now():%Y-%m-%d %H:%M})\n{question}"},
        ],
        metadata={"request_id": str(uuid.uuid4())},
        prompt_cache_key=f"support-{user_id}",
    )
    print(f"answered in {time.perf_counter() - started:.2f}s")
    return resp.choices[0].message.content or ""


def rag(question: str, docs: list[dict]):
    context = "\n\n".join(json.dumps(d, sort_keys=True) for d in docs)
    return claude.messages.create(
        model="claude-sonnet-4-5",
        max_tokens=800,
        system=[
            {"type": "text", "text": RULES, "cache_control": {"type": "ephemeral", "ttl": "1h"}},
            {"type": "text", "text": context, "cache_control": {"type": "ephemeral"}},
        ],
        messages=[{"role": "user", "content": question}],
        metadata={"user_id": str(uuid.uuid4())},
    )


def load_tools(folder: str) -> list[dict]:
    return [json.load(open(os.path.join(folder, f))) for f in sorted(os.listdir(folder))]
