"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/tools/mcp_adapter.py (lines 176-262), trimmed; not the original text."""

from ..mcp.client import MCPClient
from . import ToolSpec

MCP_SERVERS = ["github", "filesystem"]


def create_mcp_tools() -> list[ToolSpec]:
    tool_specs: list[ToolSpec] = []
    for server_name in MCP_SERVERS:
        client = MCPClient()
        tools, session = client.connect(server_name)
        # iterated in the server's list_tools() order (produced in mcp/client.py)
        for mcp_tool in tools.tools:
            tool_specs.append(
                ToolSpec(
                    name=f"{server_name}.{mcp_tool.name}",
                    desc=f"[{server_name}] {mcp_tool.description}",
                )
            )
    return tool_specs
