"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/memory/main.py (lines 879-990, 1990-2016), trimmed; not the original text."""

import json

from mem0.configs.prompts import (
    ADDITIVE_EXTRACTION_PROMPT,
    PROCEDURAL_MEMORY_SYSTEM_PROMPT,
    generate_additive_extraction_prompt,
)


class Memory:
    def __init__(self, llm, embedding_model, vector_store, db, custom_instructions=None):
        self.llm = llm
        self.embedding_model = embedding_model
        self.vector_store = vector_store
        self.db = db
        self.custom_instructions = custom_instructions

    def _add_to_vector_store(self, messages, metadata, filters, infer, prompt=None):
        last_messages = self.db.get_last_messages(filters, limit=10)
        parsed_messages = "\n".join(f"{m['role']}: {m['content']}" for m in messages)
        query_embedding = self.embedding_model.embed(parsed_messages, "search")
        existing_results = self.vector_store.search(query=parsed_messages, vectors=query_embedding, top_k=10, filters=filters)
        existing_memories = []
        uuid_mapping = {}
        for idx, mem in enumerate(existing_results):
            uuid_mapping[str(idx)] = mem.id
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
        return json.loads(response).get("memory", [])

    def _create_procedural_memory(self, messages, metadata=None, prompt=None):
        parsed_messages = [
            {"role": "system", "content": prompt or PROCEDURAL_MEMORY_SYSTEM_PROMPT},
            *messages,
            {"role": "user", "content": "Create procedural memory of the above conversation."},
        ]
        return self.llm.generate_response(messages=parsed_messages)
