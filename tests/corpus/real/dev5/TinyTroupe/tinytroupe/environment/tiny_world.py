"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/environment/tiny_world.py (lines 31-60, 180-200), trimmed; not the original text."""

from datetime import datetime


class TinyWorld:
    def __init__(self, name: str = None, agents=[], initial_datetime=datetime.now(), broadcast_if_no_target=True):
        self.name = name
        self.agents = list(agents)
        # the simulated clock starts at the time this module was imported
        self.current_datetime = initial_datetime
        self.broadcast_if_no_target = broadcast_if_no_target
        for agent in self.agents:
            agent.environment = self

    def _step(self, timedelta_per_step=None):
        if timedelta_per_step is not None:
            self.current_datetime += timedelta_per_step
        for agent in self.agents:
            agent.act()
