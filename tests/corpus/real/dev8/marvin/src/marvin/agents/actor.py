"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/agents/actor.py (lines 31-68, 133-134), trimmed; not the original text."""

import uuid
from dataclasses import dataclass, field
from pathlib import Path

from marvin.prompts import Template


@dataclass(kw_only=True)
class Actor:
    # rendered as <id> in agent.jinja / team.jinja, i.e. into the system prompt of every turn
    id: str = field(
        default_factory=lambda: uuid.uuid4().hex[:8],  # expect: PL102
        metadata={"description": "Unique identifier for this actor"},
        init=False,
        repr=False,
    )
    prompt: str | Path = field(repr=False)

    def __hash__(self) -> int:
        return hash(self.id)

    def get_prompt(self) -> str:
        return Template(source=self.prompt).render(actor=self)
