"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/agents/tasksolving_agent/executor.py (lines 20-93), trimmed; not the original text."""

from typing import List

from agentverse.agents.base import BaseAgent
from agentverse.message import ExecutorMessage


class ExecutorAgent(BaseAgent):
    max_history: int = 5

    async def astep(self, task_description: str, solution: str, tools: List[dict] = [], **kwargs) -> ExecutorMessage:
        prepend_prompt, append_prompt, prompt_token = self.get_all_prompts(
            task_description=task_description,
            solution=solution,  # expect: PL104
            agent_name=self.name,
            **kwargs,
        )
        max_send_token = self.llm.send_token_limit(self.llm.args.model) - prompt_token
        history = await self.memory.to_messages(
            self.name,
            start_index=-self.max_history,
            max_send_token=max_send_token,
            model=self.llm.args.model,
        )
        response = await self.llm.agenerate_response(prepend_prompt, history, append_prompt, tools)
        return ExecutorMessage(
            content=response.content,
            sender=self.name,
            tool_name=response.function_name,
            tool_input=response.function_arguments,
        )
