"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/prompts/extract_nodes.py (lines 83-207, 509-540), trimmed; not the original text."""

from typing import Any

from .models import Message
from .prompt_helpers import to_prompt_json
from .snippets import summary_instructions

MAX_SUMMARY_CHARS = 250


def extract_message(context: dict[str, Any]) -> list[Message]:
    sys_prompt = "You extract entities from conversational messages. Skip abstract concepts."
    user_prompt = f"""
Do not extract: pronouns, feelings, generic nouns, bare kinship or pet words.

Extract the entity nodes explicitly mentioned in the CURRENT MESSAGE.

<ENTITY TYPES>
{context['entity_types']}
</ENTITY TYPES>

<PREVIOUS MESSAGES>
{to_prompt_json([ep for ep in context['previous_episodes']])}  # expect: PL104
</PREVIOUS MESSAGES>

<CURRENT MESSAGE>
{context['episode_content']}
</CURRENT MESSAGE>

1. Speaker extraction: the speaker of each line is the first entity.
2. Entity identification: only specific, uniquely identifiable things.
3. Classification: use the ENTITY TYPES descriptions for entity_type_id.
4. Exclusions: no relationships, actions, dates or times.
5. Specificity: the most specific form mentioned ("road cycling", not "cycling").
6. Formatting: explicit, unambiguous names.

<EXAMPLE>
Message: "Ana: we moved to Lyon and I joined a pottery class at the Rue Verte studio."
Good: "Ana", "Lyon", "Rue Verte studio", "pottery". Not: "class", "we".
</EXAMPLE>

{context['custom_extraction_instructions']}
"""
    return [Message(role="system", content=sys_prompt), Message(role="user", content=user_prompt)]


def extract_summaries_batch(context: dict[str, Any]) -> list[Message]:
    return [
        Message(role="system", content="You write concise entity summaries from context."),
        Message(
            role="user",
            content=f"""
Given the MESSAGES and the ENTITIES, write an updated summary for each entity that needs one.
Each summary stays under {MAX_SUMMARY_CHARS} characters.

{summary_instructions}

<MESSAGES>
{to_prompt_json(context['previous_episodes'])}
{to_prompt_json(context['episode_content'])}
</MESSAGES>

<ENTITIES>
{to_prompt_json(context['entities'])}
</ENTITIES>

Only return summaries for entities with something to summarize.
""",
        ),
    ]
