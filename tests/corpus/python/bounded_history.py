"""Voice assistant: history kept in a bounded deque silently drops the oldest turns."""

from collections import deque

import litellm
from openai import OpenAI

client = OpenAI()
SYSTEM = {"role": "system", "content": "You are a voice assistant. Keep replies short."}
history: deque = deque(maxlen=20)  # expect: PL301
recent_latencies: deque = deque(maxlen=50)  # not prompt data: never flagged
transcript: deque = deque()  # unbounded: keeps every turn


def on_utterance(text: str) -> str:
    history.append({"role": "user", "content": text})
    resp = litellm.completion(model="gpt-4o-mini", messages=[SYSTEM, *history])
    reply = resp.choices[0].message.content
    history.append({"role": "assistant", "content": reply})
    recent_latencies.append(resp.usage.total_tokens)
    return reply


def chat(text: str) -> str:
    transcript.append({"role": "user", "content": text})
    resp = client.chat.completions.create(model="gpt-4o", messages=[SYSTEM, *transcript])
    transcript.append({"role": "assistant", "content": resp.choices[0].message.content})
    return resp.choices[0].message.content or ""


def trim() -> None:
    while len(transcript) > 100:
        transcript.popleft()  # expect: PL301
