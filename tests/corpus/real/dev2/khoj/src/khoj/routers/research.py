"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/routers/research.py (lines 338-429) and utils/helpers.py tools_for_research_llm (line 490), trimmed; not the original text.

Runs once per research iteration with the growing iteration history after the system prompt.
"""

from dataclasses import dataclass
from datetime import datetime

from khoj.processor.conversation import prompts
from khoj.routers.helpers import send_message_to_model_wrapper


@dataclass
class ToolDefinition:
    name: str
    description: str
    schema: dict


tools_for_research_llm = {
    "search_web": ToolDefinition("search_web", "Search the internet for a broad overview.", {"type": "object"}),
    "read_webpage": ToolDefinition("read_webpage", "Read the full text of web pages.", {"type": "object"}),
    "run_code": ToolDefinition("run_code", "Run Python code in a sandbox.", {"type": "object"}),
}


async def apick_next_tool(query: str, conversation_history, previous_iterations, mcp_clients=[], user_name=None, location=None, max_iterations=5):
    tool_options_str = ""
    tools = []
    for tool, tool_data in tools_for_research_llm.items():
        tool_options_str += f'- "{tool}": "{tool_data.description}"\n'
        tools.append(tool_data)
    for mcp_client in mcp_clients:
        # list_tools() order, produced in processor/tools/mcp.py
        mcp_tools = await mcp_client.get_tools()
        for mcp_tool in mcp_tools:
            qualified_tool_name = f"{mcp_client.name}/{mcp_tool.name}"
            tool_options_str += f'- "{qualified_tool_name}": "{mcp_tool.description}"\n'
            tools.append(ToolDefinition(qualified_tool_name, mcp_tool.description, mcp_tool.inputSchema))

    today = datetime.today()  # expect: PL101
    location_data = f"{location}" if location else "Unknown"
    function_planning_prompt = prompts.plan_function_execution.format(
        tools=tool_options_str,
        personality_context="",
        current_date=today.strftime("%Y-%m-%d"),
        day_of_week=today.strftime("%A"),
        username=user_name or "Unknown",
        location=location_data,
        max_iterations=max_iterations,
    )
    chat_and_research_history = conversation_history + previous_iterations
    return await send_message_to_model_wrapper(
        query="", system_message=function_planning_prompt, chat_history=chat_and_research_history
    )
