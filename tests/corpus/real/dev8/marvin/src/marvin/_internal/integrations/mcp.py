"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/_internal/integrations/mcp.py (lines 238-303), trimmed; not the original text."""

import asyncio

from pydantic_ai.tools import Tool


async def discover_mcp_tools(mcp_servers: list, orchestrator) -> list:
    mcp_tools = []
    discovery_tasks = []
    for server in mcp_servers:
        if getattr(server, "is_running", False):
            discovery_tasks.append(server.list_tools())  # expect: PL201
    results = await asyncio.gather(*discovery_tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            continue
        for tool_def in result:
            mcp_tools.append(Tool(function=lambda **kw: None, name=tool_def.name,
                                  description=tool_def.description, takes_ctx=False))
    return mcp_tools
