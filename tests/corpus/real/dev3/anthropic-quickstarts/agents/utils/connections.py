"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:agents/utils/connections.py
(lines 117-150), trimmed; not the original text.

The MCP tools are appended in the order each server's list_tools() returns them.
"""

from contextlib import AsyncExitStack
from typing import Any

from ..tools.base import MCPTool


def create_mcp_connection(config: dict[str, Any]) -> Any:
    raise NotImplementedError("stdio or SSE client session, trimmed")


async def setup_mcp_connections(mcp_servers: list[dict[str, Any]] | None, stack: AsyncExitStack) -> list:
    if not mcp_servers:
        return []
    mcp_tools = []
    for config in mcp_servers:
        try:
            connection = create_mcp_connection(config)
            await stack.enter_async_context(connection)
            tool_definitions = await connection.list_tools()  # expect: PL201
            for tool_info in tool_definitions:
                mcp_tools.append(
                    MCPTool(
                        name=tool_info.name,
                        description=tool_info.description or f"MCP tool: {tool_info.name}",
                        input_schema=tool_info.inputSchema,
                        connection=connection,
                    )
                )
        except Exception as e:
            print(f"Error setting up MCP server {config}: {e}")
    return mcp_tools
