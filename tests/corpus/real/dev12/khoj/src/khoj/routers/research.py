"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/routers/research.py (lines 277-425), trimmed; not the original text."""

from datetime import datetime
from typing import List

from khoj.processor.conversation import prompts
from khoj.processor.conversation.utils import construct_iteration_history
from khoj.processor.tools.mcp import MCPClient
from khoj.routers.helpers import send_message_to_model_wrapper
from khoj.utils.helpers import ToolDefinition, tools_for_research_llm


async def apick_next_tool(
    query: str,
    conversation_history: List,
    user=None,
    location=None,
    user_name: str = None,
    agent=None,
    previous_iterations=[],
    max_iterations: int = 5,
    mcp_clients: List[MCPClient] = [],
    tracer: dict = {},
):
    tool_options_str = ""
    tools = []
    for tool, tool_data in tools_for_research_llm.items():
        description = tool_data.description
        tool_options_str += f'- "{tool.value}": "{description}"\n'
        tools.append(ToolDefinition(name=tool.value, description=description, schema=tool_data.schema))
    for mcp_client in mcp_clients:
        mcp_tools = await mcp_client.get_tools()
        for mcp_tool in mcp_tools:
            qualified_tool_name = f"{mcp_client.name}/{mcp_tool.name}"
            tool_options_str += f'- "{qualified_tool_name}": "{mcp_tool.description}"\n'
            tools.append(ToolDefinition(name=qualified_tool_name, description=mcp_tool.description, schema=mcp_tool.inputSchema))
    today = datetime.today()  # expect: PL101
    location_data = f"{location}" if location else "Unknown"  # expect: PL104
    function_planning_prompt = prompts.plan_function_execution.format(
        tools=tool_options_str,
        personality_context="",
        current_date=today.strftime("%Y-%m-%d"),
        day_of_week=today.strftime("%A"),
        username=user_name or "Unknown",
        location=location_data,
        max_iterations=max_iterations,
    )
    iteration_chat_history = construct_iteration_history(previous_iterations, query)
    chat_and_research_history = conversation_history + iteration_chat_history
    response = await send_message_to_model_wrapper(
        query="",
        system_message=function_planning_prompt,
        chat_history=chat_and_research_history,
        tools=tools,
        deepthought=True,
        fast_model=False,
        user=user,
        tracer=tracer,
    )
    return response
