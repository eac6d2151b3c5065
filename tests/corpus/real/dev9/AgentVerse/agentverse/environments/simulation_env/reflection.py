"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/environments/simulation_env/reflection.py (lines 30-130), trimmed; not the original text."""

import asyncio
import datetime
from datetime import datetime as dt
from typing import List

from agentverse.environments.base import BaseEnvironment


class ReflectionEnvironment(BaseEnvironment):
    agents: List
    rule: object
    max_turns: int = 10
    cnt_turn: int = 0
    current_time: dt = dt.now()
    time_delta: int = 120

    async def step(self) -> List:
        env_descriptions = self.rule.get_env_description(self)
        agent_ids = self.rule.get_next_agent_idx(self)
        messages = await asyncio.gather(
            *[self.agents[i].astep(self.current_time, env_descriptions[i]) for i in agent_ids]
        )
        selected_messages = self.rule.select_message(self, messages)
        self.rule.update_memory(self)
        self.cnt_turn += 1
        self.tick_tock()
        return selected_messages

    def tick_tock(self) -> None:
        self.current_time = self.current_time + datetime.timedelta(  # expect: PL101
            seconds=self.time_delta
        )
