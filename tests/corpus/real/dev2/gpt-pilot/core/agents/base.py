"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/base.py (lines 15-80, 170-180), trimmed; not the original text."""

from core.llm.openai_client import OpenAIClient


class BaseAgent:
    agent_type = "developer"

    def __init__(self, state_manager, ui):
        self.state_manager = state_manager
        self.ui = ui
        self.current_state = state_manager.current_state
        self.next_state = state_manager.next_state

    def get_llm(self, name: str = "default", stream_output: bool = False) -> OpenAIClient:
        return OpenAIClient(self.state_manager.config.llm_for(name))

    async def ask_question(self, question: str, **kwargs):
        return await self.ui.ask_question(question, **kwargs)
