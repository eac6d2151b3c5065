"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/memory/memory.py (lines 139-215, 348-372), trimmed; not the original text."""

from datetime import datetime, timezone

from openhands.events.observation.agent import RecallObservation, RecallType
from openhands.utils.prompt import RuntimeInfo


class Memory:
    def __init__(self):
        self.runtime_info: RuntimeInfo | None = None
        self.repo_microagents: dict = {}

    def set_runtime_info(self, runtime, working_dir: str) -> None:
        # once per conversation, when the runtime connects
        today = str(datetime.now(timezone.utc).date())
        self.runtime_info = RuntimeInfo(date=today, available_hosts=runtime.web_hosts, working_dir=working_dir)

    def _on_workspace_context_recall(self, event) -> RecallObservation:
        # answers the first user message; the observation is stored in the event stream and
        # re-rendered from its stored fields on every later step
        repo_instructions = "\n\n".join(m.content for m in self.repo_microagents.values())
        return RecallObservation(
            recall_type=RecallType.WORKSPACE_CONTEXT,
            repo_instructions=repo_instructions,
            runtime_hosts=self.runtime_info.available_hosts if self.runtime_info else {},
            date=self.runtime_info.date if self.runtime_info else "",
            content="Added workspace context",
        )
