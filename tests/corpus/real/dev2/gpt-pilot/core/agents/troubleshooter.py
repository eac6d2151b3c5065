"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/troubleshooter.py (lines 149-178), trimmed; not the original text.

troubleshooter/breakdown.prompt extends developer/breakdown.prompt.
"""

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo


class Troubleshooter(BaseAgent):
    agent_type = "troubleshooter"

    def _get_task_convo(self) -> AgentConvo:
        task = self.current_state.current_task
        current_task_index = self.current_state.tasks.index(task)
        return (
            AgentConvo(self)
            .template(  # expect: PL104
                "breakdown",
                task=task,
                current_task_index=current_task_index,
            )
            .assistant(self.current_state.current_task["instructions"])
        )

    async def get_run_command(self) -> str:
        if self.current_state.run_command:
            return self.current_state.run_command
        llm = self.get_llm("run_command")
        convo = self._get_task_convo().template("get_run_command")
        return await llm(convo, temperature=0)
