"""Reconstruction of getzep/graphiti@993e081a6d7948a0d8851c12a5fbdbeb49fed862:graphiti_core/utils/maintenance/node_operations.py (lines 95-181), trimmed; not the original text."""

from pydantic import BaseModel

from graphiti_core.prompts import prompt_library
from graphiti_core.utils.text import concatenate_episodes


def _build_entity_types_context(entity_types: dict[str, type[BaseModel]] | None) -> list[dict]:
    context = [{"entity_type_id": 0, "entity_type_name": "Entity", "entity_type_description": "Any specific entity."}]
    if entity_types is not None:
        # the caller's dict, in its own (insertion) order
        context += [
            {"entity_type_id": i + 1, "entity_type_name": name, "entity_type_description": model.__doc__}
            for i, (name, model) in enumerate(entity_types.items())
        ]
    return context


async def extract_nodes(clients, episodes, previous_episodes, entity_types=None, custom_extraction_instructions=None):
    context = {
        "episode_content": concatenate_episodes(episodes),
        "previous_episodes": [
            {"content": ep.content, "timestamp": ep.valid_at.isoformat() if ep.valid_at else None}
            for ep in previous_episodes
        ],
        "custom_extraction_instructions": custom_extraction_instructions or "",
        "entity_types": _build_entity_types_context(entity_types),
    }
    return await clients.llm_client.generate_response(
        prompt_library.extract_nodes.extract_message(context), prompt_name="extract_nodes.extract_message"
    )
