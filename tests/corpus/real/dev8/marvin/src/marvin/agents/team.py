"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/agents/team.py (lines 20-144), trimmed; not the original text."""

import random
from dataclasses import dataclass, field
from pathlib import Path

from marvin.agents.actor import Actor
from marvin.agents.names import TEAM_NAMES


@dataclass(kw_only=True)
class Team(Actor):
    members: list = field(kw_only=False, repr=False)
    active_member: Actor = field(init=False, repr=False)
    # rendered as <name> in team.jinja, in the system prompt
    name: str = field(
        default_factory=lambda: random.choice(TEAM_NAMES),  # expect: PL103
        metadata={"description": "Name of the team"},
    )
    prompt: str | Path = field(default=Path("team.jinja"), repr=False)

    def __post_init__(self):
        self.active_member = self.members[0]


@dataclass(kw_only=True)
class RandomTeam(Team):
    description: str | None = "A team of agents that randomly selects an agent to act."

    async def start_turn(self, thread):
        # the acting member (and so its part of the system prompt) is what the user asked to vary
        self.active_member = random.choice(self.members)
        await super().start_turn(thread=thread)
