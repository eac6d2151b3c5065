"""Reconstruction of langchain-ai/open_deep_research@408da442a661ea5e40a6163329f82e3f22628949:src/legacy/multi_agent.py (lines 130-238, 350-394), trimmed; not the original text."""

from langchain.chat_models import init_chat_model
from langchain_core.tools import tool
from langchain_mcp_adapters.client import MultiServerMCPClient

from legacy.configuration import MultiAgentConfiguration
from legacy.prompts import RESEARCH_INSTRUCTIONS, SUPERVISOR_INSTRUCTIONS
from legacy.state import Conclusion, FinishReport, FinishResearch, Introduction, Section, Sections
from legacy.utils import get_config_value, get_search_tool, get_today_str


async def _load_mcp_tools(config, existing_tool_names: set[str]) -> list:
    configurable = MultiAgentConfiguration.from_runnable_config(config)
    if not configurable.mcp_server_config:
        return []
    client = MultiServerMCPClient(configurable.mcp_server_config)
    mcp_tools = await client.get_tools()  # expect: PL201
    filtered_mcp_tools = []
    for t in mcp_tools:
        if t.name in existing_tool_names:
            continue
        if configurable.mcp_tools_to_include and t.name not in configurable.mcp_tools_to_include:
            continue
        filtered_mcp_tools.append(t)
    return filtered_mcp_tools


async def get_supervisor_tools(config) -> list:
    tools = [tool(Sections), tool(Introduction), tool(Conclusion), tool(FinishReport)]
    search_tool = get_search_tool(config)
    if search_tool is not None:
        tools.append(search_tool)
    existing_tool_names = {t.name for t in tools}
    tools.extend(await _load_mcp_tools(config, existing_tool_names))
    return tools


async def get_research_tools(config) -> list:
    tools = [tool(Section), tool(FinishResearch)]
    existing_tool_names = {t.name for t in tools}
    tools.extend(await _load_mcp_tools(config, existing_tool_names))
    return tools


async def supervisor(state, config):
    messages = state["messages"]
    configurable = MultiAgentConfiguration.from_runnable_config(config)
    llm = init_chat_model(model=get_config_value(configurable.supervisor_model))
    if state.get("completed_sections") and not state.get("final_report"):
        research_complete_message = {"role": "user", "content": "Research is complete; write the introduction and conclusion. The sections: \n\n" + "\n\n".join([s.content for s in state["completed_sections"]])}  # expect: PL301
        messages = messages + [research_complete_message]
    supervisor_tool_list = await get_supervisor_tools(config)
    llm_with_tools = llm.bind_tools(supervisor_tool_list, parallel_tool_calls=False, tool_choice="any")
    system_prompt = SUPERVISOR_INSTRUCTIONS.format(today=get_today_str())  # expect: PL101
    if configurable.mcp_prompt:
        system_prompt += f"\n\n{configurable.mcp_prompt}"
    return {"messages": [await llm_with_tools.ainvoke([{"role": "system", "content": system_prompt}] + messages)]}


async def research_agent(state, config):
    configurable = MultiAgentConfiguration.from_runnable_config(config)
    llm = init_chat_model(model=get_config_value(configurable.researcher_model))
    research_tool_list = await get_research_tools(config)
    system_prompt = RESEARCH_INSTRUCTIONS.format(
        section_description=state["section"],
        number_of_queries=configurable.number_of_queries,
        today=get_today_str(),  # expect: PL101
    )
    if configurable.mcp_prompt:
        system_prompt += f"\n\n{configurable.mcp_prompt}"
    messages = state.get("messages", [])
    if not messages:
        messages = [{"role": "user", "content": f"Please research and write the section: {state['section']}"}]
    return {
        "messages": [
            await llm.bind_tools(research_tool_list, parallel_tool_calls=False, tool_choice="any").ainvoke(
                [{"role": "system", "content": system_prompt}] + messages
            )
        ]
    }
