"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/memory/role_zero_memory.py (lines 81-95), trimmed; not the original text."""

from metagpt.memory import Memory
from metagpt.schema import Message


class RoleZeroLongTermMemory(Memory):
    memory_k: int = 200

    def get(self, k=0) -> list[Message]:
        memories = super().get(k)
        if not self._should_use_longterm_memory_for_get(k=k):
            return memories
        query = self._build_longterm_memory_query()
        related_memories = self._fetch_longterm_memories(query)  # expect: PL104
        final_memories = related_memories + memories
        return final_memories
