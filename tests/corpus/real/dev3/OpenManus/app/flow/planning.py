"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/flow/planning.py
(lines 45-60, 136-180, 276-300, 404-425), trimmed; not the original text.

The planning flow: a plan made in one request, each step run by an executor agent whose newest
user message carries the plan's status, a summary made in one more request.
"""

import json
import time
from typing import Any, Dict

from pydantic import BaseModel, Field

from app.llm import LLM
from app.schema import Message


class PlanningFlow(BaseModel):
    llm: LLM = Field(default_factory=LLM)
    agents: Dict[str, Any] = Field(default_factory=dict)
    executor_keys: list = Field(default_factory=list)
    planning_tool: Any = None
    active_plan_id: str = Field(default_factory=lambda: f"plan_{int(time.time())}")
    current_step_index: int | None = None

    class Config:
        arbitrary_types_allowed = True

    async def _create_initial_plan(self, request: str) -> None:
        system_message_content = (
            "You are a planning assistant. Create a concise, actionable plan with clear steps. "
            "Focus on key milestones rather than detailed sub-steps."
        )
        agents_description = [
            {"name": key.upper(), "description": self.agents[key].description} for key in self.executor_keys if key in self.agents
        ]
        if len(agents_description) > 1:
            system_message_content += (
                f"\nNow we have {agents_description} agents. "
                f"The infomation of them are below: {json.dumps(agents_description)}\n"
            )
        user_message = Message.user_message(f"Create a reasonable plan with clear steps to accomplish the task: {request}")
        # clean: static system text and the configured agents (literal keys, configured order)
        await self.llm.ask_tool(
            messages=[user_message],
            system_msgs=[Message.system_message(system_message_content)],
            tools=[self.planning_tool.to_param()],
        )

    async def _get_plan_text(self) -> str:
        raise NotImplementedError("the planning tool's text of the plan, trimmed")

    async def _execute_step(self, executor: Any, step_info: dict) -> str:
        plan_status = await self._get_plan_text()
        step_text = step_info.get("text", f"Step {self.current_step_index}")
        # clean: the plan's status opens the newest user message of the executor, after its history
        step_prompt = f"""
        CURRENT PLAN STATUS:
        {plan_status}

        YOUR CURRENT TASK:
        You are now working on step {self.current_step_index}: "{step_text}"
        """
        return await executor.run(step_prompt)

    async def _finalize_plan(self) -> str:
        plan_text = await self._get_plan_text()
        system_message = Message.system_message("You are a planning assistant. Summarize the completed plan.")
        user_message = Message.user_message(f"The plan has been completed:\n\n{plan_text}\n\nPlease provide a summary.")
        # clean: a static system message, the plan in the only user message
        response = await self.llm.ask(messages=[user_message], system_msgs=[system_message])
        return f"Plan completed:\n\n{response}"
