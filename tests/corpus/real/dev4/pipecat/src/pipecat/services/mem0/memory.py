"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/services/mem0/memory.py (lines 39-128, 260-333), trimmed; not the original text.

On every context frame, the memories Mem0 finds for the latest user message are formatted into
a message inserted at position 1 (after the system prompt, ahead of the whole history).
"""


class Mem0MemoryService:
    def __init__(self, memory, user_id, system_prompt="Based on previous conversations, I recall: \n\n"):
        self.memory_client = memory
        self.user_id = user_id
        self.system_prompt = system_prompt
        self.add_as_system_message = True
        self.position = 1
        self.search_limit = 10
        self.last_query = None

    async def _retrieve_memories(self, query):
        results = self.memory_client.search(query=query, user_id=self.user_id, limit=self.search_limit)
        return results.get("results", [])

    async def _enhance_context_with_memories(self, context, query):
        if self.last_query == query:
            return
        self.last_query = query
        memories = await self._retrieve_memories(query)  # expect: PL104
        if not memories:
            return
        memory_text = self.system_prompt
        for i, memory in enumerate(memories, 1):
            memory_text += f"{i}. {memory.get('memory', '')}\n\n"
        memory_message = (
            {"role": "system", "content": memory_text}
            if self.add_as_system_message
            else {"role": "user", "content": memory_text}
        )
        messages = context.get_messages()
        position = max(0, min(self.position, len(messages)))
        messages.insert(position, memory_message)
        context.set_messages(messages)

    async def process_frame(self, context, push_frame):
        latest_user_message = None
        for message in reversed(context.get_messages()):
            if message.get("role") == "user" and isinstance(message.get("content"), str):
                latest_user_message = message["content"]
                break
        if latest_user_message:
            await self._enhance_context_with_memories(context, latest_user_message)
        await push_frame(context)
