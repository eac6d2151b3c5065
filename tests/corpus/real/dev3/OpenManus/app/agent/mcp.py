"""Reconstruction of FoundationAgents/OpenManus@52a13f2a57d8c7f6737eefb02ccf569594d44273:app/agent/mcp.py
(lines 18-145), trimmed; not the original text.

The MCP agent puts the tools' names into system messages of its memory; the first refresh names
every tool as new, taken from a set difference.
"""

from typing import Any, Dict, List, Tuple

from pydantic import Field

from app.agent.toolcall import ToolCallAgent
from app.schema import Message
from app.tool.mcp import MCPClients

SYSTEM_PROMPT = "You are an AI assistant with access to a Model Context Protocol (MCP) server."


class MCPAgent(ToolCallAgent):
    name: str = "mcp_agent"
    system_prompt: str = SYSTEM_PROMPT
    mcp_clients: MCPClients = Field(default_factory=MCPClients)
    tool_schemas: Dict[str, Dict[str, Any]] = Field(default_factory=dict)
    current_step: int = 0
    _refresh_tools_interval: int = 5

    async def initialize(self) -> None:
        self.available_tools = self.mcp_clients
        await self._refresh_tools()
        tools_info = ", ".join(list(self.mcp_clients.tool_map.keys()))
        self.memory.add_message(Message.system_message(f"{self.system_prompt}\n\nAvailable MCP tools: {tools_info}"))

    async def _refresh_tools(self) -> Tuple[List[str], List[str]]:
        if not self.mcp_clients.sessions:
            return [], []
        response = await self.mcp_clients.list_tools()
        current_tools = {tool.name: tool.inputSchema for tool in response.tools}
        current_names = set(current_tools.keys())
        previous_names = set(self.tool_schemas.keys())
        added_tools = list(current_names - previous_names)  # expect: PL201
        removed_tools = list(previous_names - current_names)
        self.tool_schemas = current_tools
        if added_tools:
            self.memory.add_message(Message.system_message(f"New tools available: {', '.join(added_tools)}"))
        if removed_tools:
            self.memory.add_message(Message.system_message(f"Tools no longer available: {', '.join(removed_tools)}"))
        return added_tools, removed_tools

    async def think(self) -> bool:
        if self.current_step % self._refresh_tools_interval == 0:
            await self._refresh_tools()
        return await super().think()
