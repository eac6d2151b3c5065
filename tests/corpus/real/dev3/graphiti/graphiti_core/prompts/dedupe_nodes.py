"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/prompts/dedupe_nodes.py (lines 117-178), trimmed; not the original text."""

from typing import Any

from .models import Message
from .prompt_helpers import to_prompt_json


def nodes(context: dict[str, Any]) -> list[Message]:
    n = len(context["extracted_nodes"])
    return [
        Message(role="system", content="You deduplicate entities. Never invent names."),
        Message(
            role="user",
            content=f"""
<PREVIOUS MESSAGES>
{to_prompt_json(context['previous_episodes'])}  # expect: PL104
</PREVIOUS MESSAGES>

<CURRENT MESSAGE>
{context['episode_content']}
</CURRENT MESSAGE>

<ENTITIES>
{to_prompt_json(context['extracted_nodes'])}
</ENTITIES>

<EXISTING ENTITIES>
{to_prompt_json(context['existing_nodes'])}
</EXISTING ENTITIES>

For each of the ENTITIES decide whether it is the same real-world thing as an EXISTING ENTITY.
Related but distinct things are not duplicates.

Answer exactly {n} resolutions with ids 0 to {n - 1}: id, name, duplicate_candidate_id (-1 if none).

<EXAMPLE>
ENTITY "NYC"; EXISTING [{{"candidate_id": 0, "name": "New York City"}}] -> 0
ENTITY "Java" (language); EXISTING [{{"candidate_id": 0, "name": "Java", "summary": "an island"}}] -> -1
</EXAMPLE>
""",
        ),
    ]
