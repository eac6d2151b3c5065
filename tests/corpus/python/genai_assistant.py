"""Google GenAI (google-genai SDK) assistant."""

import os
from pathlib import Path

from google import genai
from google.genai import types

client = genai.Client()

STYLE_GUIDE = (
    "Write in plain English. Use short sentences. Prefer active voice. "
    "Explain acronyms on first use. Use metric units. Never invent citations. "
    "When unsure, say so and suggest where the reader can check. "
    "Format lists with hyphens, not numbers, unless order matters."
)


def load_skill_docs(folder: str) -> str:
    texts = []
    for name in os.listdir(folder):  # expect: PL201
        texts.append(Path(folder, name).read_text())
    return "\n\n".join(texts)


def draft(user_name: str, topic: str, folder: str) -> str:
    config = types.GenerateContentConfig(
        system_instruction=f"You are writing for {user_name}.\n{STYLE_GUIDE}",  # expect: PL104
        temperature=0.4,
    )
    resp = client.models.generate_content(
        model="gemini-2.5-flash",
        contents=[load_skill_docs(folder), f"Write about {topic}."],
        config=config,
    )
    return resp.text


def draft_clean(user_name: str, topic: str, folder: str) -> str:
    docs = "\n\n".join(Path(folder, n).read_text() for n in sorted(os.listdir(folder)))
    config = types.GenerateContentConfig(
        system_instruction=f"{STYLE_GUIDE}\nYou are writing for {user_name}.",
        temperature=0.4,
    )
    resp = client.models.generate_content(
        model="gemini-2.5-flash",
        contents=[docs, f"Write about {topic}."],
        config=config,
    )
    return resp.text
