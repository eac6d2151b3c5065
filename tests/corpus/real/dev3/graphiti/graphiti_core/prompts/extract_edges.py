"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/prompts/extract_edges.py (lines 94-183, 242-271), trimmed; not the original text."""

from typing import Any

from .models import Message
from .prompt_helpers import to_prompt_json


def edge(context: dict[str, Any]) -> list[Message]:
    edge_types_section = ""
    if context.get("edge_types"):
        edge_types_section = f"\n<FACT_TYPES>\n{to_prompt_json(context['edge_types'])}\n</FACT_TYPES>\n"
    return [
        Message(role="system", content="You extract fact triples, with dates, from text."),
        Message(
            role="user",
            content=f"""
<PREVIOUS_MESSAGES>
{to_prompt_json(context['previous_episodes'])}  # expect: PL104
</PREVIOUS_MESSAGES>

<CURRENT_MESSAGE>
{context['episode_content']}
</CURRENT_MESSAGE>

<ENTITIES>
{to_prompt_json(context['nodes'])}
</ENTITIES>

<REFERENCE_TIME>
{context['reference_time']}
</REFERENCE_TIME>
{edge_types_section}
# TASK
Extract the facts between two distinct ENTITIES stated in the CURRENT MESSAGE.

{context['custom_extraction_instructions']}

# EXTRACTION RULES
1. Source and target names come from the ENTITIES list only.
2. The two entities of a fact are never the same.
3. Keep every concrete detail (brands, counts, colours, places).
4. Resolve relative times with REFERENCE_TIME.

# RELATION TYPE RULES
- Use a matching FACT_TYPES name, else a SCREAMING_SNAKE_CASE predicate.

# DATETIME RULES
- ISO 8601 with a Z suffix; null when no time is stated.
""",
        ),
    ]


def extract_timestamps(context: dict[str, Any]) -> list[Message]:
    return [
        Message(role="system", content="You extract temporal bounds from facts."),
        Message(
            role="user",
            content=f"""Given a FACT and its REFERENCE TIME, find valid_at and invalid_at.

Rules:
- Resolve relative expressions with REFERENCE TIME.
- Null when no time is stated.

<FACT>
{context['fact']}
</FACT>

<REFERENCE TIME>
{context['reference_time']}
</REFERENCE TIME>
""",
        ),
    ]
