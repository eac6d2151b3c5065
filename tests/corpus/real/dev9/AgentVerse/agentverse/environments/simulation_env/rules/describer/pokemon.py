"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/environments/simulation_env/rules/describer/pokemon.py (lines 15-60), trimmed; not the original text."""

from copy import deepcopy
from typing import List

from agentverse.environments.simulation_env.rules.describer.base import BaseDescriber


class PokemonDescriber(BaseDescriber):
    def get_env_description(self, environment, player_content: str = "") -> List[str]:
        time = environment.time
        if player_content == "":
            agent_to_location = environment.get_agent_to_location()
            descriptions = []
            for agent in environment.agents:
                if agent.name not in agent_to_location:
                    descriptions.append("")
                    continue
                location = agent_to_location[agent.name]
                agents_in_same_loc = deepcopy(environment.locations_to_agents[location])
                agents_in_same_loc.remove(agent.name)
                agents_in_same_loc = list(agents_in_same_loc)
                description = f"It is now {time}. You are at {location}."
                if agents_in_same_loc:
                    description += f" {', '.join(agents_in_same_loc)} are also here."
                descriptions.append(description)
            return descriptions
        description = f"It is now {time}. Brendan is talking to you.\n[Brendan]: {player_content}\n"
        return [description for _ in range(len(environment.agents))]
