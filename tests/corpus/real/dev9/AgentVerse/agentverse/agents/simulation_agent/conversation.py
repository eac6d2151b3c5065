"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/agents/simulation_agent/conversation.py (lines 20-99), trimmed; not the original text."""

from string import Template

from agentverse.agents.base import BaseAgent
from agentverse.message import Message


class ConversationAgent(BaseAgent):
    async def astep(self, env_description: str = "") -> Message:
        prompt = self._fill_prompt_template(env_description)
        response = await self.llm.agenerate_response(prompt)
        parsed_response = self.output_parser.parse(response)
        return Message(content=parsed_response.return_values["output"], sender=self.name, receiver=self.receiver)

    def _fill_prompt_template(self, env_description: str = "") -> str:
        input_arguments = {
            "agent_name": self.name,
            "env_description": env_description,
            "role_description": self.role_description,
            "chat_history": self.memory.to_string(add_sender_prefix=True),
        }
        return Template(self.prompt_template).safe_substitute(input_arguments)
