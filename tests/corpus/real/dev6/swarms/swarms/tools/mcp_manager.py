"""Reconstruction of kyegomez/swarms@7e3330267808cf8d6eb8ee1aa4d8ff2b054273d4:swarms/tools/mcp_manager.py (lines 775-899), trimmed; not the original text."""

import asyncio


class MCPManager:
    def __init__(self, connections, agent_name="agent"):
        self.connections = connections
        self.agent_name = agent_name
        self._tools_cache = None
        self._tool_routes = {}

    async def aget_tools(self, format="openai", force_refresh=False) -> list:
        if format == "openai" and self._tools_cache is not None and not force_refresh:
            return self._tools_cache
        results = await asyncio.gather(
            *[self._alist_tools(connection, format=format) for connection in self.connections],
            return_exceptions=True,
        )
        tools, routes = [], {}
        for connection, result in zip(self.connections, results):
            if isinstance(result, BaseException):
                continue
            for tool in result:
                name = tool.get("function", {}).get("name")
                if name and name in routes:
                    continue
                if name:
                    routes[name] = connection
                tools.append(tool)
        if format == "openai":
            self._tools_cache = tools
            self._tool_routes = routes
        return tools

    async def _alist_tools(self, connection, format="openai") -> list:
        async def _op():
            async with self._session(connection) as session:
                result = await session.list_tools()  # expect: PL201
                if format == "openai":
                    return [self._mcp_tool_to_openai(tool) for tool in result.tools]
                return list(result.tools)

        return await _op()

    @staticmethod
    def _mcp_tool_to_openai(tool) -> dict:
        return {
            "type": "function",
            "function": {"name": tool.name, "description": tool.description or "", "parameters": tool.inputSchema or {"type": "object", "properties": {}}},
        }
