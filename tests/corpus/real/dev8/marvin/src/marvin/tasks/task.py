"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/tasks/task.py (lines 222-300, 366-373, 420-432, 582-595), trimmed; not the original text."""

import json
import uuid

from pydantic import TypeAdapter


class Task:
    def __init__(self, instructions: str = "", result_type: type = str, *, name: str | None = None,
                 context: dict | None = None, agents=None, depends_on=None):
        self.instructions = instructions
        self.result_type = result_type
        self.name = name
        self.context = context or {}
        # a new id for every task: it names the task's end-turn output tool (end_turn.py)
        self.id = uuid.uuid4().hex[:8]  # expect: PL102
        self.state = "PENDING"
        self.subtasks: set = set()
        self.depends_on: set = set(depends_on or [])

    def __hash__(self) -> int:
        return hash(self.id)

    def friendly_name(self) -> str:
        if self.name:
            return f'Task {self.id} ("{self.name}")'
        return f'Task {self.id} ("{" ".join(self.instructions.split())[:40]}...")'

    def get_result_type_str(self) -> str:
        type_adapter = TypeAdapter(self.result_type)
        return json.dumps(type_adapter.json_schema())

    def get_end_turn_tools(self) -> list:
        from marvin.engine.end_turn import create_mark_task_successful

        return [create_mark_task_successful(self)]

    async def mark_running(self, thread=None) -> None:
        self.state = "RUNNING"
        if thread:
            # the task prompt (its id first) is stored once and re-sent unchanged
            await thread.add_user_message_async(self.get_prompt())
