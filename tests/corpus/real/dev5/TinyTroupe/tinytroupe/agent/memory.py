"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/agent/memory.py (lines 234-412), trimmed; not the original text."""


class EpisodicMemory:
    MEMORY_BLOCK_OMISSION_INFO = {
        "role": "assistant",
        "content": "Info: there were other messages here, but they were omitted for brevity.",
        "simulation_timestamp": None,
    }

    def __init__(self, fixed_prefix_length: int = 20, lookback_length: int = 100):
        self.fixed_prefix_length = fixed_prefix_length
        self.lookback_length = lookback_length
        self.memory = []
        self.episodic_buffer = []

    def store(self, value: dict) -> None:
        self.episodic_buffer.append(value)

    def commit_episode(self):
        self.memory += self.episodic_buffer
        self.episodic_buffer = []

    def _memory_with_current_buffer(self) -> list:
        return self.memory + self.episodic_buffer

    def retrieve_recent(self, include_omission_info: bool = True, item_type: str = None) -> list:
        omission_info = [EpisodicMemory.MEMORY_BLOCK_OMISSION_INFO] if include_omission_info else []
        memories = self._memory_with_current_buffer()
        if item_type is not None:
            memories = [m for m in memories if m.get("type") == item_type]
        # the first events stay; after them only the last lookback_length events
        fixed_prefix = memories[: self.fixed_prefix_length] + omission_info
        remaining_lookback = min(
            len(memories) - len(fixed_prefix) + (1 if include_omission_info else 0),
            self.lookback_length,
        )
        if remaining_lookback <= 0:
            return fixed_prefix
        return fixed_prefix + memories[-remaining_lookback:]  # expect: PL301
