"""Reconstruction of SylphAI-Inc/AdalFlow@f231f234329d241a0ba7636a613464c91962a29a:adalflow/adalflow/core/mcp_tool.py (lines 532-577), trimmed; not the original text."""

from typing import List

from mcp import ClientSession


async def mcp_session_context(server_params):
    ...


class MCPFunctionTool:
    def __init__(self, server_params, mcp_tool):
        self.server_params = server_params
        self.mcp_tool = mcp_tool


class MCPToolManager:
    def __init__(self):
        self.server_params = {}
        self._cached_servers = []
        self._tools_list = []

    async def get_all_tools(self, server_names: List[str] = None) -> List[MCPFunctionTool]:
        for name, params in self.server_params.items():
            if server_names and name not in server_names:
                continue
            if name in self._cached_servers:
                continue
            self._tools_list.extend(await self._get_all_server_tools(params))
            self._cached_servers.append(name)
        return self._tools_list

    async def _get_all_server_tools(self, server_params) -> List[MCPFunctionTool]:
        tools = []
        async with mcp_session_context(server_params) as session:
            _tools = await session.list_tools()  # expect: PL201
            for tool in _tools.tools:
                tools.append(tool)
        return [MCPFunctionTool(server_params, t) for t in tools]
