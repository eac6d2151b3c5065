"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/structs/majority_voting.py (lines 180-240), trimmed; not the original text."""

import os

from swarms.structs.conversation import Conversation
from swarms.structs.multi_agent_exec import run_agents_concurrently


class MajorityVoting:
    def __init__(self, agents: list, consensus_agent, max_loops: int = 1):
        self.agents = agents
        self.consensus_agent = consensus_agent
        self.max_loops = max_loops
        self.conversation = Conversation()

    def run(self, task: str, streaming_callback=None):
        self.conversation.add(role="user", content=task)
        for i in range(self.max_loops):
            output = run_agents_concurrently(
                agents=self.agents,
                task=self.conversation.get_str(),
                max_workers=os.cpu_count(),
            )
            for agent, output in zip(self.agents, output):
                self.conversation.add(role=agent.agent_name, content=output)
            consensus = self.consensus_agent.run(task=self.conversation.get_str())
            self.conversation.add(role=self.consensus_agent.agent_name, content=consensus)
        return self.conversation.get_str()
