"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/structs/autonomous_loop_utils.py (lines 1206-1280), trimmed; not the original text."""

import datetime
import uuid


def create_sub_agent_tool(agent, agents: list, **kwargs) -> str:
    from swarms.structs.agent import Agent

    if not hasattr(agent, "sub_agents"):
        agent.sub_agents = {}
    created_agents = []
    for agent_spec in agents:
        agent_name = agent_spec.get("agent_name")
        agent_description = agent_spec.get("agent_description")
        system_prompt = agent_spec.get("system_prompt")
        agent_id = f"sub-agent-{uuid.uuid4().hex[:8]}"
        sub_agent = Agent(id=agent_id, agent_name=agent_name, agent_description=agent_description, system_prompt=system_prompt, model_name=agent.model_name, max_loops=1)
        agent.sub_agents[agent_id] = {"agent": sub_agent, "name": agent_name, "created_at": str(datetime.datetime.now())}
        created_agents.append(f"{agent_name} (ID: {agent_id})")
    result_msg = f"Created {len(created_agents)} sub-agent(s): " + ", ".join(created_agents)
    agent.short_memory.add(role="Sub-Agent Management", content=result_msg)
    return result_msg
