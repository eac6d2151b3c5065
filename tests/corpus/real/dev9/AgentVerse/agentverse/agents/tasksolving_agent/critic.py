"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/agents/tasksolving_agent/critic.py (lines 20-49), trimmed; not the original text."""

import json
from typing import List

from agentverse.agents.base import BaseAgent


class CriticAgent(BaseAgent):
    max_history: int = 3
    tools: List[dict] = []
    tool_names: List[str] = []
    tool_descriptions: str = ""

    def __init__(self, *args, **kwargs):
        tool_config_file = kwargs.pop("tool_config", "")
        if tool_config_file != "":
            with open(tool_config_file, "r") as f:
                tools_dict = json.load(f)
            tools = tools_dict["tools_json"]
            kwargs.update({"tools": tools})
            kwargs.update({"tool_names": [t["name"] for t in tools]})
            kwargs.update({"tool_descriptions": "\n".join([f"- {t['name']}: " + t["description"] for t in tools])})
        super().__init__(*args, **kwargs)
