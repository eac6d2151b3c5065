"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/vended_plugins/steering/handlers/llm/llm_handler.py (lines 40-90), trimmed; not the original text.

A fresh steering agent per tool call: the handler's fixed system prompt, the mapper's prompt as
the only user message.
"""

from strands.agent.agent import Agent
from strands.vended_plugins.steering.handlers.llm.mappers import DefaultPromptMapper


class LLMSteeringHandler:
    def __init__(self, system_prompt, prompt_mapper=None, model=None):
        self.system_prompt = system_prompt
        self.prompt_mapper = prompt_mapper or DefaultPromptMapper()
        self.model = model
        self.steering_context = None

    async def steer_before_tool(self, *, agent, tool_use, **kwargs):
        prompt = self.prompt_mapper.create_steering_prompt(self.steering_context, tool_use=tool_use)
        steering_agent = Agent(system_prompt=self.system_prompt, model=self.model or agent.model)
        return steering_agent(prompt)
