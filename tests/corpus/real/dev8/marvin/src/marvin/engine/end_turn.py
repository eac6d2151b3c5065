"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/engine/end_turn.py (lines 21-57), trimmed; not the original text."""

from dataclasses import dataclass, field
from typing import Any, ClassVar


class EndTurn:
    name: ClassVar[str | None] = None


class MarkTaskSuccessful(EndTurn):
    pass


def create_mark_task_successful(mark_task) -> type:
    @dataclass(kw_only=True)
    class _MarkTaskSuccessful(MarkTaskSuccessful):
        """Mark a task successful and provide a result."""

        result: Any
        name: ClassVar[str] = field(default=f"Mark {mark_task.friendly_name()} successful", init=False)

    # Agent.get_agentlet sends this as the output tool's name, in the tools part of the request
    _MarkTaskSuccessful.__name__ = f"MarkTaskSuccessful_{mark_task.id}"
    return _MarkTaskSuccessful
