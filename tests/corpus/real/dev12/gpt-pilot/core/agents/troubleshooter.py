"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/troubleshooter.py (lines 147-176, 212-221), trimmed; not the original text."""

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo
from core.agents.mixins import ChatWithBreakdownMixin, IterationPromptMixin, RelevantFilesMixin


class Troubleshooter(IterationPromptMixin, RelevantFilesMixin, BaseAgent):
    def _get_task_convo(self) -> AgentConvo:
        # FIXME: Current prompts reuse conversation from the developer so we have to resort to this
        task = self.current_state.current_task
        current_task_index = self.current_state.tasks.index(task)
        return (
            AgentConvo(self)  # expect: PL104
            .template(
                "breakdown",
                task=task,
                iteration=None,
                current_task_index=current_task_index,
                related_api_endpoints=task.get("related_api_endpoints", []),
            )
            .assistant(self.current_state.current_task["instructions"])
        )

    async def get_run_command(self):
        llm = self.get_llm()
        convo = self._get_task_convo().template("get_run_command")
        return await llm(convo, temperature=0)

    async def _get_route_files(self):
        llm = self.get_llm()
        convo = AgentConvo(self).template("get_route_files").require_schema(RouteFilePaths)
        file_list = await llm(convo, parser=JSONParser(RouteFilePaths))
        route_files: set[str] = set(file_list.files)
        return [f for f in self.current_state.files if f.path in route_files]
