"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/developer.py (lines 210-245), trimmed; not the original text."""

from pydantic import BaseModel

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo
from core.agents.mixins import ChatWithBreakdownMixin


class TaskSteps(BaseModel):
    steps: list[str]


class Developer(ChatWithBreakdownMixin, BaseAgent):
    agent_type = "developer"

    async def breakdown_current_task(self):
        current_task = self.current_state.current_task
        current_task_index = self.current_state.tasks.index(current_task)
        llm = self.get_llm("breakdown", stream_output=True)
        convo = AgentConvo(self).template(  # expect: PL104
            "breakdown",
            task=current_task,
            current_task_index=current_task_index,
        )
        response: str = await llm(convo)
        convo.assistant(response)
        response = await self.chat_with_breakdown(convo, response)
        llm = self.get_llm("parse_task")
        convo.template("parse_task").require_schema(TaskSteps)
        return await llm(convo, parser=TaskSteps.model_validate_json, temperature=0)
