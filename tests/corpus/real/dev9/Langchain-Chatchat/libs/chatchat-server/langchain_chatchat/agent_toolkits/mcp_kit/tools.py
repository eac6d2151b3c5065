"""Reconstruction of chatchat-space/Langchain-Chatchat@49165d6af4438aa7e8a1f71ce276db55f4405151:libs/chatchat-server/langchain_chatchat/agent_toolkits/mcp_kit/tools.py (lines 144-147), trimmed; not the original text."""

from langchain_core.tools import BaseTool
from mcp import ClientSession


def convert_mcp_tool_to_langchain_tool(server_name: str, session: ClientSession, tool) -> BaseTool:
    return BaseTool(name=tool.name, description=tool.description or "")


async def load_mcp_tools(server_name: str, session: ClientSession) -> list[BaseTool]:
    tools = await session.list_tools()  # expect: PL201
    return [convert_mcp_tool_to_langchain_tool(server_name, session, tool) for tool in tools.tools]
