"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/memory/main.py (lines 605-650, 879-1040, 1993-2016, 2533-2625), trimmed; not the original text."""

import asyncio
import uuid
from datetime import datetime, timezone

from mem0.configs.prompts import (
    ADDITIVE_EXTRACTION_PROMPT,
    PROCEDURAL_MEMORY_SYSTEM_PROMPT,
    generate_additive_extraction_prompt,
)
from mem0.memory.utils import parse_messages


class Memory:
    def _upsert_entity(self, entity_text, entity_type, memory_id, filters):
        entity_embedding = self.embedding_model.embed(entity_text, "add")
        existing = self.entity_store.search(query=entity_text, vectors=entity_embedding, top_k=1, filters=filters)
        if not existing:
            entity_id = str(uuid.uuid4())
            self.entity_store.insert(vectors=[entity_embedding], ids=[entity_id],
                                     payloads=[{"data": entity_text, "entity_type": entity_type}])

    def _add_to_vector_store(self, messages, metadata, filters, infer, prompt=None):
        session_scope = _build_session_scope(filters)
        last_messages = self.db.get_last_messages(session_scope, limit=10)
        parsed_messages = parse_messages(messages)
        query_embedding = self.embedding_model.embed(parsed_messages, "search")
        existing_results = self.vector_store.search(query=parsed_messages, vectors=query_embedding,
                                                    top_k=10, filters=filters)
        existing_memories = []
        for idx, mem in enumerate(existing_results):
            existing_memories.append({"id": str(idx), "text": mem.payload.get("data", "")})
        system_prompt = ADDITIVE_EXTRACTION_PROMPT
        user_prompt = generate_additive_extraction_prompt(
            existing_memories=existing_memories,
            new_messages=parsed_messages,
            last_k_messages=last_messages,
            custom_instructions=prompt or self.custom_instructions,
        )
        response = self.llm.generate_response(
            messages=[
                {"role": "system", "content": system_prompt},
                {"role": "user", "content": user_prompt},
            ],
            response_format={"type": "json_object"},
        )
        mem_metadata = dict(metadata)
        mem_metadata["created_at"] = datetime.now(timezone.utc).isoformat()
        return response

    def _create_procedural_memory(self, messages, metadata=None, prompt=None):
        parsed_messages = [
            {"role": "system", "content": prompt or PROCEDURAL_MEMORY_SYSTEM_PROMPT},
            *messages,
            {
                "role": "user",
                "content": "Create procedural memory of the above conversation.",
            },
        ]
        return self.llm.generate_response(messages=parsed_messages)


class AsyncMemory:
    async def _add_to_vector_store(self, messages, metadata, filters, infer, prompt=None):
        parsed_messages = parse_messages(messages)
        existing_memories = await self._search_existing(parsed_messages, filters)
        system_prompt = ADDITIVE_EXTRACTION_PROMPT
        user_prompt = generate_additive_extraction_prompt(
            existing_memories=existing_memories,
            new_messages=parsed_messages,
            custom_instructions=prompt or self.custom_instructions,
        )
        response = await asyncio.to_thread(
            self.llm.generate_response,
            messages=[
                {"role": "system", "content": system_prompt},
                {"role": "user", "content": user_prompt},
            ],
            response_format={"type": "json_object"},
        )
        return response
