"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/mcp.py (lines 1280-1322), trimmed; not the original text."""

from typing import Any


class MCPToolset:
    def __init__(self, client: Any, cache_tools: bool = True) -> None:
        self.client = client
        self.cache_tools = cache_tools
        self._cached_tools: list[Any] | None = None

    async def __aenter__(self) -> "MCPToolset":
        return self

    async def __aexit__(self, *args: Any) -> None:
        return None

    async def list_tools(self) -> list[Any]:
        if self.cache_tools and self._cached_tools is not None:
            return self._cached_tools
        async with self:
            tools = await self.client.list_tools()  # expect: PL201
            if self.cache_tools:
                self._cached_tools = tools
            return tools

    async def get_tools(self, ctx: Any) -> dict[str, Any]:
        tools: dict[str, Any] = {}
        for mcp_tool in await self.list_tools():
            tools[mcp_tool.name] = {
                "name": mcp_tool.name,
                "description": mcp_tool.description,
                "parameters_json_schema": mcp_tool.inputSchema,
            }
        return tools
