"""Code that looks suspicious but keeps the prefix stable: none of it may be flagged."""

import json
import os
import random
from datetime import datetime

from openai import OpenAI

client = OpenAI()
TOOLS = {
    "search": {"type": "function", "function": {"name": "search", "parameters": {}}},
    "fetch": {"type": "function", "function": {"name": "fetch", "parameters": {}}},
}
PROMPT_DIR = "prompts"


def system_text() -> str:
    files = sorted(os.listdir(PROMPT_DIR))
    return "\n\n".join(open(os.path.join(PROMPT_DIR, f)).read() for f in files)


def ask(question: str, history: list[dict], enabled: set[str]):
    tools = [spec for name, spec in TOOLS.items() if name in enabled]
    previous = history[:-1]
    last = history[-1] if history else None
    print("recent turns:", json.dumps(history[-3:]))
    print("context size", len(set(m["role"] for m in history)))
    return client.chat.completions.create(
        model="gpt-4o",
        tools=tools,
        messages=[
            {"role": "system", "content": system_text()},
            *previous,
            *([last] if last else []),
            {"role": "user", "content": question + f" [{datetime.now():%H:%M:%S}]"},
        ],
        temperature=random.choice([0.1, 0.2]),
        max_tokens=500,
    )


def schema_text(schema: dict) -> str:
    return json.dumps(schema, sort_keys=True, indent=2)


def structured(question: str, schema: dict):
    return client.chat.completions.create(
        model="gpt-4o",
        messages=[
            {"role": "system", "content": "Answer as JSON:\n" + schema_text(schema)},
            {"role": "user", "content": question},
        ],
        response_format={"type": "json_object"},
    )
