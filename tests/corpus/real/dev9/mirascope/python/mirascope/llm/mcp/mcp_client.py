"""Reconstruction of Mirascope/mirascope@41d433578653411dbff96c6eaca4fa869aafc931:python/mirascope/llm/mcp/mcp_client.py (lines 19, 28-29, 36-83), trimmed; not the original text."""

# The MCP server's listing order becomes the order of the tools the caller passes to
# llm.call(..., tools=...) (examples/mcp/combined_tools.py), sent first in every request.
from mcp import ClientSession
from mcp.types import CallToolResult, Tool as MCPTool

from ..tools import AsyncTool
from ..tools.tool_schema import ToolParameterSchema


class MCPClient:
    """Wrapper around an MCP ClientSession that gives Mirascope tools."""

    def __init__(self, session: ClientSession) -> None:
        self._session = session

    def _convert_mcp_tool_to_async_tool(self, mcp_tool: MCPTool) -> AsyncTool:
        async def tool_fn(**kwargs: object):
            tool_result: CallToolResult = await self._session.call_tool(mcp_tool.name, kwargs)
            return [content.model_dump() for content in tool_result.content]

        input_schema = mcp_tool.inputSchema
        parameters = ToolParameterSchema(
            properties=input_schema.get("properties", {}),
            required=input_schema.get("required", []),
            additionalProperties=input_schema.get("additionalProperties", False),
        )
        return AsyncTool(
            fn=tool_fn,
            name=mcp_tool.name,
            description=mcp_tool.description or mcp_tool.name,
            parameters=parameters,
            strict=False,
        )

    async def list_tools(self) -> list[AsyncTool]:
        """All tools of the server, as Mirascope tools."""
        result = await self._session.list_tools()  # expect: PL201
        return [self._convert_mcp_tool_to_async_tool(tool) for tool in result.tools]
