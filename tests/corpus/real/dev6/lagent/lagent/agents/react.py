"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/agents/react.py (lines 28-65), trimmed; not the original text."""

import json

from lagent.actions.action_executor import ActionExecutor
from lagent.agents.agent import Agent


class ReAct(Agent):
    def __init__(self, llm, actions, template=None, output_format=None, memory=None, max_turn: int = 5, **kwargs):
        self.max_turn = max_turn
        self.actions = ActionExecutor(actions=actions)
        self.select_agent = Agent(
            llm=llm,
            template=template.format(
                action_info=json.dumps(self.actions.description()),
                output_format=output_format.format_instruction(),
            ),
            output_format=output_format,
            memory=memory,
        )
        super().__init__(**kwargs)

    def forward(self, message, session_id=0, **kwargs):
        for _ in range(self.max_turn):
            message = self.select_agent(message, session_id=session_id, **kwargs)
            if "conclusion" in message.content:
                return message
            message = self.actions(message, session_id=session_id)
        return message
