"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/configs/prompts.py (lines 15-170, 960-1062), trimmed; not the original text. Static wording reworded.

The extraction prompts are module-level f-strings: the date is taken once, when the
module is imported. The original writes them as triple-quoted f-strings; here they
are concatenated lines so that the date line can carry its marker.
"""

import json
from datetime import datetime, timezone

MEMORY_ANSWER_PROMPT = """
You answer questions using the memories given to you. Use only what is relevant;
if nothing is, say that you do not have that information.
""".strip()

FACT_RETRIEVAL_PROMPT = (
    "You organise personal information: pull facts, preferences and plans out of conversations.\n\n"
    "Types of information to remember:\n"
    "1. Personal preferences: likes, dislikes, food, products, activities.\n"
    "2. Important personal details: names, relationships, dates.\n"
    "3. Plans and intentions: trips, goals, events.\n\n"
    "Few-shot examples:\n"
    "Input: Hi.\nOutput: {\"facts\" : []}\n"
    "Input: My name is John and I am a software engineer.\nOutput: {\"facts\" : [\"Name is John\", \"Is a software engineer\"]}\n\n"
    "Remember:\n"
    f"- Today's date is {datetime.now().strftime('%Y-%m-%d')}.\n"  # expect: PL101
    "- Do not return anything from the examples above.\n"
    "- If nothing is relevant, return an empty list for the \"facts\" key.\n"
    "- Answer in json with the key \"facts\" and a list of strings.\n\n"
    "The conversation between the user and the assistant follows; extract the user's facts and preferences."
)

USER_MEMORY_EXTRACTION_PROMPT = (
    "You organise personal information, taking facts ONLY from the user's messages.\n\n"
    "Types of information to remember:\n"
    "1. Personal preferences.\n2. Important personal details.\n3. Plans and intentions.\n"
    "4. Activity and service preferences.\n5. Health and wellness.\n6. Professional details.\n\n"
    "Few-shot examples:\n"
    "User: Hi.\nOutput: {\"facts\" : []}\n"
    "User: I'm looking for a restaurant in San Francisco.\nOutput: {\"facts\" : [\"Looking for a restaurant in San Francisco\"]}\n\n"
    "Remember:\n"
    f"- Today is {datetime.now().strftime('%Y-%m-%d')}.\n"  # expect: PL101
    "- Take facts only from the user's messages, never from the assistant or system messages.\n"
    "- Answer in json with the key \"facts\" and a list of strings.\n"
    "- Record the facts in the language of the user's input."
)

AGENT_MEMORY_EXTRACTION_PROMPT = (
    "You organise information about the assistant, taking facts ONLY from the assistant's messages.\n\n"
    "Types of information to remember:\n"
    "1. The assistant's preferences.\n2. Its capabilities.\n3. Its personality.\n4. How it approaches tasks.\n\n"
    "Few-shot examples:\n"
    "Assistant: Hello.\nOutput: {\"facts\" : []}\n\n"
    "Remember:\n"
    f"- The current date is {datetime.now().strftime('%Y-%m-%d')}.\n"  # expect: PL101
    "- Take facts only from the assistant's messages.\n"
    "- Answer in json with the key \"facts\" and a list of strings."
)

ADDITIVE_EXTRACTION_PROMPT = """
You extract new memories from a conversation. Only ADD operations are allowed.
Link a new memory to existing ones with linked_memory_ids when they are about the same thing.
Answer in json: {"memory": [{"text": str, "linked_memory_ids": [str]}]}
""".strip()

PROCEDURAL_MEMORY_SYSTEM_PROMPT = """
You summarise an agent's execution history into a procedural memory: the task, each
step with its action, result and key findings, in order.
""".strip()

PAST_MESSAGE_TRUNCATION_LIMIT = 300


def _truncate_content(text, limit=PAST_MESSAGE_TRUNCATION_LIMIT):
    return text if len(text) <= limit else text[:limit] + "..."


def _format_conversation_history(messages):
    return "".join(f"{m.get('role', '')}: {_truncate_content(m.get('content', ''))}\n" for m in messages or [])


def _serialize_memories(memories):
    return json.dumps(memories or [], ensure_ascii=False)


def _format_new_messages(new_messages):
    return new_messages if isinstance(new_messages, str) else json.dumps(new_messages or [], ensure_ascii=False)


def _resolve_dates(current_date=None, observation_date=None):
    if current_date is None:
        current_date = datetime.now(timezone.utc).date().isoformat()
    return current_date, observation_date or current_date


def generate_additive_extraction_prompt(existing_memories=None, new_messages=None, *, last_k_messages=None, custom_instructions=None):
    current_date, observation_date = _resolve_dates()
    sections = []
    sections.append(f"## Last k Messages\n{_format_conversation_history(last_k_messages)}")
    sections.append(f"## Existing Memories\n{_serialize_memories(existing_memories)}")
    sections.append(f"## New Messages\n{_format_new_messages(new_messages)}")
    sections.append(f"## Observation Date\n{observation_date}")
    sections.append(f"## Current Date\n{current_date}")
    if custom_instructions:
        sections.append(f"## Custom Instructions\n{custom_instructions}")
    sections.append("# Output:")
    return "\n\n".join(sections)
