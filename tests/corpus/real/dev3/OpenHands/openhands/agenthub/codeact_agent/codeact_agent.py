"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/agenthub/codeact_agent/codeact_agent.py (lines 108-153, 161-225, 247-294), trimmed; not the original text."""

from openhands.agenthub.codeact_agent.tools import (
    BrowserTool,
    FinishTool,
    IPythonTool,
    ThinkTool,
    create_cmd_run_tool,
    create_str_replace_editor_tool,
)
from openhands.controller.agent import Agent
from openhands.llm.llm_utils import check_tools
from openhands.memory.condenser.condenser import Condensation


class CodeActAgent(Agent):
    def _get_tools(self) -> list:
        short = any(s in self.llm.config.model for s in ["gpt-4", "o3", "o1", "o4"])
        tools = []
        if self.config.enable_cmd:
            tools.append(create_cmd_run_tool(use_short_description=short))
        if self.config.enable_think:
            tools.append(ThinkTool)
        if self.config.enable_finish:
            tools.append(FinishTool)
        if self.config.enable_browsing:
            tools.append(BrowserTool)
        if self.config.enable_jupyter:
            tools.append(IPythonTool)
        if self.config.enable_editor:
            tools.append(create_str_replace_editor_tool(use_short_description=short))
        return tools

    def step(self, state):
        history = self.condenser.condensed_history(state)
        if isinstance(history, Condensation):
            return history.action
        messages = self._get_messages(history, self._get_initial_user_message(state.history))
        params: dict = {"messages": messages}
        params["tools"] = check_tools(self.tools, self.llm.config)
        params["extra_body"] = {"metadata": state.to_llm_metadata(model_name=self.llm.config.model, agent_name=self.name)}
        response = self.llm.completion(**params)
        return self.response_to_actions(response)

    def _get_messages(self, events: list, initial_user_message) -> list:
        messages = self.conversation_memory.process_events(
            condensed_history=events, initial_user_action=initial_user_message
        )
        if self.llm.is_caching_prompt_active():
            self.conversation_memory.apply_prompt_caching(messages)
        return messages
