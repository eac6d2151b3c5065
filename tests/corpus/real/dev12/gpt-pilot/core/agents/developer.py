"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/developer.py (lines 197-275), trimmed; not the original text."""

from uuid import uuid4

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo
from core.agents.mixins import ChatWithBreakdownMixin, RelevantFilesMixin


class Developer(ChatWithBreakdownMixin, RelevantFilesMixin, BaseAgent):
    async def breakdown_current_task(self):
        current_task = self.current_state.current_task
        await self.get_relevant_files()
        current_task_index = self.current_state.tasks.index(current_task)
        related_api_endpoints = current_task.get("related_api_endpoints", [])
        llm = self.get_llm("Developer.breakdown", stream_output=True)
        # breakdown.prompt: app details and the task's relevant files (state) ahead of ~7.5k chars of fixed instructions
        convo = AgentConvo(self).template(  # expect: PL104
            "breakdown",
            task=current_task,
            iteration=None,
            current_task_index=current_task_index,
            docs=self.current_state.docs,
            related_api_endpoints=related_api_endpoints,
        )
        response: str = await llm(convo)
        convo.assistant(response)
        response = await self.chat_with_breakdown(convo, response)
        self.next_state.tasks[current_task_index] = {**current_task, "instructions": response}
        llm = self.get_llm("Developer.parse_task")
        convo.template("parse_task").require_schema(TaskSteps)
        response: TaskSteps = await llm(convo, parser=JSONParser(TaskSteps), temperature=0)
        self.set_next_steps(response, "task")

    def set_next_steps(self, response, source: str):
        self.next_state.steps = [
            {
                "id": uuid4().hex,
                "completed": False,
                "source": source,
                "iteration_index": len(self.current_state.iterations),
                **step.model_dump(),
            }
            for step in response.steps
        ]
