"""Reconstruction of lastmile-ai/mcp-agent@04cae7ea5ba3a5c4e62c22884938699c73705651:src/mcp_agent/mcp/mcp_aggregator.py (lines 636-670, 1257-1284), trimmed; not the original text."""
from typing import List

from mcp import ClientSession
from mcp.types import ListToolsResult, Tool


class MCPAggregator:
    def __init__(self):
        self._namespaced_tool_map = {}
        self._server_to_tool_map = {}

    async def list_tools(self, server_name=None) -> ListToolsResult:
        if server_name:
            return ListToolsResult(tools=[t.tool for t in self._server_to_tool_map.get(server_name, [])])
        return ListToolsResult(tools=[t.tool.model_copy(update={"name": name}) for name, t in self._namespaced_tool_map.items()])

    async def _fetch_tools(self, client: ClientSession, server_name: str) -> List[Tool]:
        tools: List[Tool] = []
        try:
            result = await client.list_tools()  # expect: PL201
            if not result:
                return []
            cursor = result.nextCursor
            tools.extend(result.tools or [])
            while cursor:
                result = await client.list_tools(cursor=cursor)
                if not result:
                    return tools
                cursor = result.nextCursor
                tools.extend(result.tools or [])
            return tools
        except Exception:
            return tools
