"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/mcp/client.py (lines 379-426) and mcp/tool_resolver.py (lines 339-350), trimmed; not the original text."""

import asyncio
from typing import Any


class MCPClient:
    def __init__(self, session: Any, discovery_timeout: float = 30.0) -> None:
        self.session = session
        self.discovery_timeout = discovery_timeout

    async def list_tools(self) -> list[dict[str, Any]]:
        return await self._list_tools_impl()

    async def _list_tools_impl(self) -> list[dict[str, Any]]:
        tools_result = await asyncio.wait_for(
            self.session.list_tools(),  # expect: PL201
            timeout=self.discovery_timeout,
        )
        return [
            {
                "name": tool.name,
                "description": getattr(tool, "description", ""),
                "inputSchema": getattr(tool, "inputSchema", {}),
            }
            for tool in tools_result.tools
        ]


async def resolve_mcp_tools(client: MCPClient) -> list[dict[str, Any]]:
    # the agent's tools in the server's listing order: they go into every request's tools
    return await client.list_tools()
