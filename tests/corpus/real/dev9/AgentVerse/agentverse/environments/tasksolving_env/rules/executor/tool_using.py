"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/environments/tasksolving_env/rules/executor/tool_using.py (lines 29-181), trimmed; not the original text."""

import asyncio
import json
from copy import deepcopy
from typing import List

from agentverse.environments.tasksolving_env.rules.executor.base import BaseExecutor


class ToolUsingExecutor(BaseExecutor):
    max_tool_call_times: int = 10
    tools: List[dict] = []
    tool_names: List[str] = []
    real_execution_agents: dict = {}
    agent_names: List[str] = []

    def __init__(self, *args, **kwargs):
        with open(kwargs.get("tool_config"), "r") as f:
            tools_dict = json.load(f)
        tools = tools_dict["tools_json"]
        tool_names = [t["name"] for t in tools]
        for t in tools:
            properties = t["parameters"]["properties"]
            thought = {"thought": {"type": "string", "description": "Your reasoning about the task and the attempts so far."}}
            thought.update(properties)
            t["parameters"]["properties"] = thought
            t["parameters"]["required"].insert(0, "thought")
        super().__init__(tools=tools, tool_names=tool_names, *args, **kwargs)

    async def astep(self, agent, task_description: str, plans: List, *args, **kwargs):
        plan_this_turn = {}
        agent_name_this_turn = []
        for plan in plans:
            name = plan.content.split("-")[0].strip()
            if name not in self.real_execution_agents:
                self.real_execution_agents[name] = deepcopy(agent)
                self.real_execution_agents[name].name = name
            plan_this_turn[name] = plan.content.split("-")[1].strip()
            agent_name_this_turn.append(name)

        tools = {name: self.tools for name in agent_name_this_turn}
        finished_agent_names = set()
        for current_turn in range(self.max_tool_call_times):
            if len(finished_agent_names) == len(agent_name_this_turn):
                break
            active_agents_names = [name for name in agent_name_this_turn if name not in finished_agent_names]
            tool_calls = []
            for name in active_agents_names:
                tool = [t for t in tools[name] if t["name"] == "submit_task"] if current_turn == self.max_tool_call_times - 1 else tools[name]
                tool_calls.append(
                    self.real_execution_agents[name].astep(task_description, plan_this_turn[name], tool, current_turn=current_turn + 1)
                )
            tool_call_decisions = await asyncio.gather(*tool_calls)
            for name, decision in zip(active_agents_names, tool_call_decisions):
                self.real_execution_agents[name].add_message_to_memory([decision])
                observation, is_finish = await self.call_tool(decision.tool_name, decision.tool_input)
                self.real_execution_agents[name].add_message_to_memory([observation])
                if is_finish:
                    finished_agent_names.add(name)
        return []
