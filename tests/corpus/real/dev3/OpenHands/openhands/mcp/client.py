"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/mcp/client.py (lines 35-57), trimmed; not the original text."""

from openhands.mcp.tool import MCPClientTool


class MCPClient:
    def __init__(self, client):
        self.client = client
        self.tools: list[MCPClientTool] = []
        self.tool_map: dict[str, MCPClientTool] = {}

    async def _initialize_and_list_tools(self) -> None:
        async with self.client:
            tools = await self.client.list_tools()  # expect: PL201
        self.tools = []
        for tool in tools:
            server_tool = MCPClientTool(
                name=tool.name, description=tool.description, inputSchema=tool.inputSchema, session=self.client
            )
            self.tool_map[tool.name] = server_tool
            self.tools.append(server_tool)
