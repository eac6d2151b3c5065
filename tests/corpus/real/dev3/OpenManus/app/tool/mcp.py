"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/tool/mcp.py
(lines 36-153), trimmed; not the original text.

The MCP client collection: its tools are kept in the order the servers' list_tools() returned.
"""

from typing import Any, Dict

from mcp import ClientSession
from mcp.types import ListToolsResult

from app.tool.base import BaseTool
from app.tool.tool_collection import ToolCollection


class MCPClientTool(BaseTool):
    session: Any = None
    server_id: str = ""
    original_name: str = ""


class MCPClients(ToolCollection):
    def __init__(self):
        super().__init__()
        self.sessions: Dict[str, ClientSession] = {}

    async def _initialize_and_list_tools(self, server_id: str) -> None:
        session = self.sessions[server_id]
        await session.initialize()
        response = await session.list_tools()  # expect: PL201
        for tool in response.tools:
            tool_name = f"mcp_{server_id}_{tool.name}"
            self.tool_map[tool_name] = MCPClientTool(
                name=tool_name, description=tool.description, parameters=tool.inputSchema,
                session=session, server_id=server_id, original_name=tool.name,
            )
        self.tools = tuple(self.tool_map.values())

    async def list_tools(self) -> ListToolsResult:
        tools_result = ListToolsResult(tools=[])
        for session in self.sessions.values():
            response = await session.list_tools()
            tools_result.tools += response.tools
        return tools_result
