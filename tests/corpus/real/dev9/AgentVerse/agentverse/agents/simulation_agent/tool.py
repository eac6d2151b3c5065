"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/agents/simulation_agent/tool.py (lines 30-170), trimmed; not the original text."""

from string import Template
from typing import List

from pydantic import Field

from agentverse.agents.base import BaseAgent
from agentverse.memory import BaseMemory, ChatHistoryMemory
from agentverse.message import Message


class ToolAgent(BaseAgent):
    tools: List = Field(default=[])
    tool_memory: BaseMemory = Field(default_factory=ChatHistoryMemory)

    async def astep(self, env_description: str = "") -> Message:
        tool_observation = [self.tool_memory.to_string()]
        while True:
            prompt = self._fill_prompt_template(env_description, tool_observation)
            response = await self.llm.agenerate_response(prompt)
            parsed_response = self.output_parser.parse(response)
            if not hasattr(parsed_response, "tool"):
                break
            observation = await self._acall_tool(parsed_response)
            tool_observation.append(parsed_response.log.strip() + f"\nObservation: {observation.strip()}")
        return Message(content=parsed_response.return_values["output"], sender=self.name, receiver=self.receiver)

    async def _acall_tool(self, response) -> str:
        name_to_tool = {tool.name: tool for tool in self.tools}
        return await name_to_tool[response.tool].arun(response.tool_input)

    def _fill_prompt_template(self, env_description: str = "", tool_observation: List[str] = []) -> str:
        tools = "\n".join([f"> {tool.name}: {tool.description}" for tool in self.tools])
        tools = tools.replace("{{", "{").replace("}}", "}")
        tool_names = ", ".join([tool.name for tool in self.tools])
        input_arguments = {
            "agent_name": self.name,
            "env_description": env_description,
            "role_description": self.role_description,
            "chat_history": self.memory.to_string(add_sender_prefix=True),
            "tools": tools,
            "tool_names": tool_names,
            "tool_observation": "\n".join(tool_observation),
        }
        return Template(self.prompt_template).safe_substitute(input_arguments)
