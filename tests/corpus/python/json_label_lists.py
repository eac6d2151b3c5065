"""Label lists rendered with json.dumps: a list of literal scalars has no keys to order."""

import json

from openai import OpenAI

client = OpenAI()
LABELS = ["spam", "ham", "phishing"]
SCORES = (1, 2.5, None, True)
EXAMPLES = [{"label": "spam", "text": "WIN A PRIZE"}]

SYSTEM = f"Classify the email. Answer with one of {json.dumps(LABELS)}."
SCALE = f"Scores allowed: {json.dumps(SCORES)}. Nested: {json.dumps([['a', 1], ['b', 2]])}."
SHOTS = f"Examples: {json.dumps(EXAMPLES)}"  # a dict literal: the same keys, the same order


def classify(email: str) -> str:
    r = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            {"role": "system", "content": SYSTEM + SCALE + SHOTS},
            {"role": "user", "content": email},
        ],
    )
    return r.choices[0].message.content or ""
