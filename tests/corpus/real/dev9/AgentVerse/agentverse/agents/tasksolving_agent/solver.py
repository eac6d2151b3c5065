"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/agents/tasksolving_agent/solver.py (lines 21-80), trimmed; not the original text."""

from agentverse.agents.base import BaseAgent
from agentverse.message import SolverMessage


class SolverAgent(BaseAgent):
    max_history: int = 5

    async def astep(self, former_solution: str, advice: str, task_description: str = "", **kwargs) -> SolverMessage:
        prepend_prompt, append_prompt, prompt_token = self.get_all_prompts(
            former_solution=former_solution,
            task_description=task_description,
            advice=advice,
            role_description=self.role_description,
            **kwargs,
        )
        max_send_token = self.llm.send_token_limit(self.llm.args.model) - prompt_token
        history = await self.memory.to_messages(
            self.name,
            start_index=-self.max_history,
            max_send_token=max_send_token,
            model=self.llm.args.model,
        )
        response = await self.llm.agenerate_response(prepend_prompt, history, append_prompt)
        return SolverMessage(content=response.content, sender=self.name, receiver=self.receiver)
