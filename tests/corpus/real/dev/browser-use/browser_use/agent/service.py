"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/agent/service.py
(lines 774-795, 1100-1110, 1939-1950, 3060-3080, 4027-4046), trimmed; not the original text.
"""

from pydantic import BaseModel

from browser_use.agent.prompts import get_ai_step_system_prompt, get_ai_step_user_prompt
from browser_use.llm.messages import SystemMessage, UserMessage


class AgentOutput(BaseModel):
    @staticmethod
    def type_with_custom_actions(custom_actions: type) -> type:
        from pydantic import create_model

        return create_model("AgentOutput", __base__=AgentOutput, action=(list[custom_actions], ...))


class Agent:
    def __init__(self, task, llm, tools, message_manager, browser_session):
        self.task = task
        self.llm = llm
        self.tools = tools
        self._message_manager = message_manager
        self.browser_session = browser_session
        self.ActionModel = self.tools.registry.create_action_model()
        self.AgentOutput = AgentOutput.type_with_custom_actions(self.ActionModel)

    async def _update_action_models_for_page(self, page_url: str) -> None:
        # the current page's URL picks the domain-filtered actions that make up the output schema,
        # the first part of every request (get_model_output below)
        self.ActionModel = self.tools.registry.create_action_model(page_url=page_url)  # expect: PL104
        self.AgentOutput = AgentOutput.type_with_custom_actions(self.ActionModel)

    async def step(self, step_info=None) -> None:
        browser_state_summary = await self.browser_session.get_browser_state_summary()
        await self._update_action_models_for_page(browser_state_summary.url)
        self._message_manager.create_state_messages(browser_state_summary, step_info=step_info)
        await self.get_model_output(self._message_manager.get_messages())

    async def get_model_output(self, input_messages):
        response = await self.llm.ainvoke(input_messages, output_format=self.AgentOutput)
        return response.completion

    async def _ai_step(self, query: str, content: str, stats_summary: str, llm):
        system_prompt = get_ai_step_system_prompt()
        prompt_text = get_ai_step_user_prompt(query, stats_summary, content)
        # clean: constant system prompt, the query and page in the only user message
        return await llm.ainvoke([SystemMessage(content=system_prompt), UserMessage(content=prompt_text)])
