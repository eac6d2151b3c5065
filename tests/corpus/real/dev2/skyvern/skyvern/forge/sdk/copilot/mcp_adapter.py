"""Reconstruction of Skyvern-AI/skyvern@07222e7a7caae79aacd5908c30e4a4445fce5f9b:skyvern/forge/sdk/copilot/mcp_adapter.py (lines 826-990), trimmed; not the original text.

The Agents SDK calls list_tools() on each model call and sends the tools in this order.
"""

from typing import Any

from agents.mcp import MCPServer
from mcp.types import Tool as MCPTool


class SkyvernOverlayMCPServer(MCPServer):
    def __init__(self, transport: Any, overlays: dict, alias_map: dict, allowlist: frozenset, context_provider) -> None:
        self._client = transport
        self._overlays = overlays
        self._reverse_alias = {v: k for k, v in alias_map.items()}
        self._allowlist = allowlist
        self._context_provider = context_provider
        self._cached_raw_tools: list[MCPTool] | None = None

    async def list_tools(self, run_context=None, agent=None) -> list[MCPTool]:
        if self._cached_raw_tools is None:
            self._cached_raw_tools = await self._client.list_tools()  # expect: PL201
        result: list[MCPTool] = []
        for tool in self._cached_raw_tools:
            if tool.name not in self._allowlist:
                continue
            copilot_name = self._reverse_alias.get(tool.name, tool.name)
            overlay = self._overlays.get(copilot_name)
            description = (overlay.description if overlay else None) or tool.description or ""
            result.append(MCPTool(name=copilot_name, description=description, inputSchema=tool.inputSchema))
        return result
