"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/memory/memory.py (lines 40-140), trimmed; not the original text."""

from dataclasses import dataclass
from pathlib import Path

from marvin.prompts import Template
from marvin.utilities.tools import update_fn


@dataclass(kw_only=True)
class Memory:
    key: str
    instructions: str | None = None
    prompt: str | Path = Path("memory.jinja")

    def __hash__(self) -> int:
        return id(self)

    def friendly_name(self) -> str:
        return f"Memory: {self.key}"

    def get_tools(self) -> list:
        return [
            update_fn(self.add, name=f"add_memory__{self.key}", description=f"Create a new memory in {self.friendly_name()}."),
            update_fn(self.delete, name=f"delete_memory__{self.key}", description=f"Delete a memory by ID from {self.friendly_name()}."),
            update_fn(self.search, name=f"search_memories__{self.key}", description=f"Search {self.friendly_name()}. {self.instructions or ''}".rstrip()),
        ]

    def get_prompt(self) -> str:
        return Template(source=self.prompt).render(memory=self)
