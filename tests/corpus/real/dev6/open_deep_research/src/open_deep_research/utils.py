"""Reconstruction of langchain-ai/open_deep_research@408da442a661ea5e40a6163329f82e3f22628949:src/open_deep_research/utils.py (lines 44-136, 175-200, 449-597, 848-879), trimmed; not the original text."""

import asyncio
from datetime import datetime

from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.tools import tool
from langchain_mcp_adapters.client import MultiServerMCPClient

from open_deep_research.configuration import Configuration
from open_deep_research.prompts import summarize_webpage_prompt
from open_deep_research.state import ResearchComplete


async def tavily_search(queries, max_results=5, topic="general", config=None):
    search_results = await tavily_search_async(queries, max_results=max_results, topic=topic, config=config)
    unique_results = {}
    for response in search_results:
        for result in response["results"]:
            if result["url"] not in unique_results:
                unique_results[result["url"]] = {**result, "query": response["query"]}
    summaries = await asyncio.gather(
        *[summarize_webpage(None, r.get("raw_content", "")) for r in unique_results.values()]
    )
    summarized_results = {
        url: {"title": r["title"], "content": s or r["content"]}
        for url, r, s in zip(unique_results.keys(), unique_results.values(), summaries)
    }
    formatted_output = "Search results: \n\n"
    for i, (url, result) in enumerate(summarized_results.items()):
        formatted_output += f"--- SOURCE {i + 1}: {result['title']} ---\nURL: {url}\n{result['content']}\n"
    return formatted_output


async def tavily_search_async(search_queries, max_results=5, topic="general", config=None):
    return []


async def summarize_webpage(model, webpage_content: str) -> str:
    prompt_content = summarize_webpage_prompt.format(
        webpage_content=webpage_content,
        date=get_today_str(),
    )
    summary = await asyncio.wait_for(model.ainvoke([HumanMessage(content=prompt_content)]), timeout=60.0)
    return f"<summary>\n{summary.summary}\n</summary>"


async def load_mcp_tools(config, existing_tool_names: set[str]) -> list:
    configurable = Configuration.from_runnable_config(config)
    if not (configurable.mcp_config and configurable.mcp_config.url and configurable.mcp_config.tools):
        return []
    mcp_server_config = {
        "server_1": {"url": configurable.mcp_config.url.rstrip("/") + "/mcp", "transport": "streamable_http"}
    }
    try:
        client = MultiServerMCPClient(mcp_server_config)
        available_mcp_tools = await client.get_tools()  # expect: PL201
    except Exception:
        return []
    configured_tools = []
    for mcp_tool in available_mcp_tools:
        if mcp_tool.name in existing_tool_names:
            continue
        if mcp_tool.name not in set(configurable.mcp_config.tools):
            continue
        configured_tools.append(mcp_tool)
    return configured_tools


async def get_all_tools(config):
    tools = [tool(ResearchComplete), think_tool]
    existing_tool_names = {t.name if hasattr(t, "name") else t.get("name", "web_search") for t in tools}
    mcp_tools = await load_mcp_tools(config, existing_tool_names)
    tools.extend(mcp_tools)
    return tools


def think_tool(reflection: str) -> str:
    return f"Reflection recorded: {reflection}"


def remove_up_to_last_ai_message(messages: list) -> list:
    for i in range(len(messages) - 1, -1, -1):
        if isinstance(messages[i], AIMessage):
            return messages[:i]
    return messages


def get_today_str() -> str:
    now = datetime.now()
    return f"{now:%a} {now:%b} {now.day}, {now:%Y}"
