"""Reconstruction of livekit/agents@da6af86ac640a3bc54585764e64321d7048c1c16:livekit-agents/livekit/agents/llm/mcp.py (lines 95-105, 179-205, 575-590), trimmed; not the original text."""
import json

import mcp


class MCPServer:
    def __init__(self) -> None:
        self._client = None
        self._raw_tools = None
        self._cache_dirty = True

    async def _call(self, ctx) -> str:
        return json.dumps([item.model_dump() for item in ctx.result.content])

    async def _list_raw_tools(self) -> list[mcp.types.Tool]:
        if self._client is None:
            raise RuntimeError("MCPServer isn't initialized")

        if not self._cache_dirty and self._raw_tools is not None:
            return self._raw_tools

        result = await self._client.list_tools()  # expect: PL201
        self._raw_tools = result.tools
        self._cache_dirty = False
        return self._raw_tools

    async def list_tools(self, *, tool_options=None) -> list:
        options = tool_options or {}
        return [
            self._make_function_tool(tool.name, tool.description, tool.inputSchema, options=options.get(tool.name))
            for tool in await self._list_raw_tools()
        ]

    def _make_function_tool(self, name, description, input_schema, *, options):
        return {"name": name, "description": description, "parameters": input_schema}


class MCPToolset:
    def __init__(self, *, id: str, mcp_server: MCPServer) -> None:
        self._id = id
        self._mcp_server = mcp_server
        self._tools = []

    async def setup(self, *, reload: bool = False):
        tools = await self._mcp_server.list_tools()
        self._tools = list(tools)
        return self
