"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/memory/base_memory.py (lines 6-32), trimmed; not the original text."""

from typing import Callable, List, Optional


class Memory:
    def __init__(self, recent_n: Optional[int] = None) -> None:
        self.memory: List = []
        self.recent_n = recent_n

    def get_memory(self, recent_n: Optional[int] = None, filter_func: Optional[Callable] = None) -> list:
        recent_n = recent_n or self.recent_n
        if recent_n is not None:
            memory = self.memory[-recent_n:]  # expect: PL301
        else:
            memory = self.memory
        if filter_func is not None:
            memory = [m for i, m in enumerate(memory) if filter_func(i, m)]
        return memory

    def add(self, memories) -> None:
        for memory in memories if isinstance(memories, (list, tuple)) else [memories]:
            self.memory.append(memory)
