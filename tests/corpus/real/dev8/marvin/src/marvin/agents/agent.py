"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/agents/agent.py (lines 45-220), trimmed; not the original text."""

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import pydantic_ai
from pydantic_ai import ToolOutput

from marvin.agents.actor import Actor
from marvin.agents.names import AGENT_NAMES
from marvin.prompts import Template


@dataclass(kw_only=True)
class Agent(Actor):
    # rendered as <name> in agent.jinja, at the top of the system prompt
    name: str = field(
        default_factory=lambda: random.choice(AGENT_NAMES),  # expect: PL103
        metadata={"description": "Name of the agent"},
        kw_only=False,
    )
    tools: list = field(default_factory=lambda: [])
    prompt: str | Path = field(default=Path("agent.jinja"), repr=False)

    def get_tools(self) -> list:
        return list(self.tools)

    def get_end_turn_tools(self) -> list:
        return []

    async def get_agentlet(self, tools: Sequence[Callable[..., Any]], end_turn_tools: Sequence[Any],
                           active_mcp_servers=None) -> pydantic_ai.Agent:
        all_potential_items = list(tools) + self.get_tools() + list(end_turn_tools) + self.get_end_turn_tools()
        marvin_tool_callables = []
        final_end_turn_defs = []
        processed_ids: set[int] = set()
        # keeps the order it is given, dropping repeats
        for item in all_potential_items:
            if id(item) in processed_ids:
                continue
            processed_ids.add(id(item))
            if isinstance(item, type):
                final_end_turn_defs.append(item)
            elif callable(item):
                marvin_tool_callables.append(item)
        tool_output_name = "EndTurn"
        if len(final_end_turn_defs) == 1:
            output_type = final_end_turn_defs[0]
            tool_output_name = getattr(output_type, "__name__", tool_output_name)
        else:
            output_type = type(None)
        final_tool_output = ToolOutput(type_=output_type, name=tool_output_name, description="Ends the current turn.")
        agent_kwargs = {"model": self.get_model(), "output_type": final_tool_output, "name": self.name}
        if marvin_tool_callables:
            agent_kwargs["tools"] = marvin_tool_callables
        if active_mcp_servers:
            agent_kwargs["toolsets"] = active_mcp_servers
        return pydantic_ai.Agent(**agent_kwargs)

    def get_prompt(self) -> str:
        return Template(source=self.prompt).render(agent=self)
