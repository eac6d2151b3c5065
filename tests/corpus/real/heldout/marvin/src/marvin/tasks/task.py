"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/tasks/task.py (lines 102-104, 420-432, 582-595), trimmed; not the original text."""

import json
import uuid
from dataclasses import dataclass, field

from pydantic import TypeAdapter


@dataclass(kw_only=True)
class Task:
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:8])
    instructions: str = ""
    result_type: type = str

    def get_result_type_str(self) -> str:
        type_adapter = TypeAdapter(self.result_type)
        return json.dumps(type_adapter.json_schema())

    async def mark_running(self, thread=None) -> None:
        self.state = "RUNNING"
        if thread:
            # the task prompt (its id first) is stored once and re-sent unchanged
            await thread.add_user_message_async(self.get_prompt())
