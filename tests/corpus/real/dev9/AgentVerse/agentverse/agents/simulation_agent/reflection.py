"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/agents/simulation_agent/reflection.py (lines 37-217), trimmed; not the original text."""

from datetime import datetime as dt
from string import Template

from agentverse.agents.base import BaseAgent
from agentverse.message import Message


class ReflectionAgent(BaseAgent):
    current_time: str = None
    environment: object = None
    step_cnt: int = 0
    manipulated_memory: str = ""

    async def astep(self, current_time: dt, env_description: str = "") -> Message:
        self.current_time = current_time
        self.manipulated_memory = self.memory_manipulator.manipulate_memory()
        prompt = self._fill_prompt_template(env_description)
        response = await self.llm.agenerate_response(prompt)
        parsed_response = self.output_parser.parse(response)
        self.step_cnt += 1
        return Message(content=parsed_response.return_values["output"], sender=self.name, receiver=self.receiver)

    def _fill_prompt_template(self, env_description: str = "") -> str:
        input_arguments = {
            "agent_name": self.name,
            "role_description": self.role_description,
            "chat_history": self.memory.to_string(add_sender_prefix=True),
            "current_time": self.current_time,
            "env_description": env_description,
        }
        return Template(self.prompt_template).safe_substitute(input_arguments)
