"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/prompts/extract_nodes_and_edges.py (lines 91-307), trimmed; not the original text."""

from typing import Any

from .models import Message
from .prompt_helpers import to_prompt_json


def extract_message(context: dict[str, Any]) -> list[Message]:
    sys_prompt = "You extract entities and the facts between them from conversations."
    user_prompt = f"""
# ENTITY RULES
1. The speaker of each line is an entity.
2. Only specific, uniquely identifiable entities.

# FACT RULES
1. Facts link two distinct extracted entities.
2. Keep concrete details; resolve relative dates from the episode timestamps.

# OUTPUT
Entities with entity_type_id, then facts with source, target, relation_type and dates.

<ENTITY TYPES>
{context['entity_types']}
</ENTITY TYPES>

<PREVIOUS MESSAGES>
{to_prompt_json([ep for ep in context['previous_episodes']])}
</PREVIOUS MESSAGES>

<CURRENT MESSAGE>
{context['episode_content']}
</CURRENT MESSAGE>
{context['custom_extraction_instructions']}
"""
    return [Message(role="system", content=sys_prompt), Message(role="user", content=user_prompt)]
