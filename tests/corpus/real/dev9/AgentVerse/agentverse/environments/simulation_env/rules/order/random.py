"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/environments/simulation_env/rules/order/random.py (lines 13-21), trimmed; not the original text."""

import random
from typing import List

from agentverse.environments.simulation_env.rules.order.base import BaseOrder


class RandomOrder(BaseOrder):
    def get_next_agent_idx(self, environment) -> List[int]:
        return [random.randint(0, len(environment.agents) - 1)]
