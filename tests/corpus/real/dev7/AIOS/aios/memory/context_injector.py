"""Reconstruction of agiresearch/AIOS@2155966d68908f90c6c264a7935495e149c3869f:aios/memory/context_injector.py (lines 54-233), trimmed; not the original text.

With memory auto_inject on, the memories retrieved for the latest user message are put as a
system message at index 0 of the query, ahead of the agent's own system prompt and history.
"""


class ContextInjector:
    def __init__(self, memory_manager, config: dict) -> None:
        self.memory_manager = memory_manager
        self.enabled = config.get("auto_inject", False)
        self.max_memories = config.get("max_injected_memories", 5)
        self.relevance_threshold = config.get("relevance_threshold", 0.5)
        self.max_tokens = config.get("max_memory_tokens", 1500)

    def inject(self, agent_name: str, query):
        if not self.enabled:
            return query
        user_text = self._extract_latest_user_message(query.messages)
        if user_text is None:
            return query
        mem_query = {"operation_type": "retrieve_memory", "params": {"content": user_text, "k": self.max_memories, "user_id": agent_name}}
        response = self.memory_manager.provider.retrieve_memory(mem_query)  # expect: PL104
        if not response.success or not response.search_results:
            return query
        filtered = [m for m in response.search_results if m.get("score") is None or m["score"] >= self.relevance_threshold]
        if not filtered:
            return query
        filtered.sort(key=lambda m: m.get("score", 0), reverse=True)
        filtered = self._truncate_by_token_budget(filtered)
        block = self._format_memory_block(filtered)
        system_msg = {"role": "system", "content": block}
        query.messages = [system_msg] + query.messages
        return query

    @staticmethod
    def _extract_latest_user_message(messages: list):
        for msg in reversed(messages):
            if msg.get("role") == "user":
                return msg.get("content")
        return None

    @staticmethod
    def _format_memory_block(memories: list) -> str:
        lines = ["===== MEMORY CONTEXT =====", "Relevant memories from prior interactions with this user:", ""]
        for mem in memories:
            lines.append(f"- [{mem.get('timestamp', 'unknown')}] {mem.get('content', '')}")
        lines.append("===== END MEMORY CONTEXT =====")
        return "\n".join(lines)

    def _truncate_by_token_budget(self, memories: list) -> list:
        while memories:
            if int(len(self._format_memory_block(memories).split()) * 1.3) <= self.max_tokens:
                return memories
            memories = memories[:-1]
        return memories
