"""Reconstruction of mem0ai/mem0@8d5b7865bd0521e75fe9ab1b260eeccc83f8a378:mem0/proxy/main.py (lines 41-184), trimmed; not the original text."""

import threading

import litellm

from mem0.configs.prompts import MEMORY_ANSWER_PROMPT


class Completions:
    def __init__(self, mem0_client):
        self.mem0_client = mem0_client

    def create(self, model: str, messages=None, user_id=None, agent_id=None, run_id=None,
               metadata=None, filters=None, top_k=10, **kwargs):
        if messages is None:
            messages = []
        prepared_messages = self._prepare_messages(messages)
        if prepared_messages[-1]["role"] == "user":
            self._async_add_to_memory(messages, user_id, agent_id, run_id, metadata, filters)
            relevant_memories = self._fetch_relevant_memories(messages, user_id, agent_id, run_id, filters, top_k)
            prepared_messages[-1]["content"] = self._format_query_with_memories(messages, relevant_memories)
        return litellm.completion(model=model, messages=prepared_messages, **kwargs)

    def _prepare_messages(self, messages):
        if not messages or messages[0]["role"] != "system":
            return [{"role": "system", "content": MEMORY_ANSWER_PROMPT}] + messages
        return messages

    def _async_add_to_memory(self, messages, user_id, agent_id, run_id, metadata, filters):
        def add_task():
            self.mem0_client.add(messages=messages, user_id=user_id, agent_id=agent_id, run_id=run_id)

        threading.Thread(target=add_task, daemon=True).start()

    def _fetch_relevant_memories(self, messages, user_id, agent_id, run_id, filters, top_k):
        message_input = [f"{message['role']}: {message['content']}" for message in messages][-6:]
        return self.mem0_client.search(
            query="\n".join(message_input),
            user_id=user_id,
            agent_id=agent_id,
            run_id=run_id,
            filters=filters,
            top_k=top_k,
        )

    def _format_query_with_memories(self, messages, relevant_memories):
        memories_text = "\n".join(memory["memory"] for memory in relevant_memories["results"])
        entities = [entity for entity in relevant_memories.get("relations", [])]
        return f"- Relevant Memories/Facts: {memories_text}\n\n- Entities: {entities}\n\n- User Question: {messages[-1]['content']}"
