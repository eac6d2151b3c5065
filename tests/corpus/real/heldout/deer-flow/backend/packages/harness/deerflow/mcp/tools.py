"""Reconstruction of bytedance/deer-flow@f1f4af99bbf1cffb83a80744bf6e4a44ee8f24be:backend/packages/harness/deerflow/mcp/tools.py (lines 741-880), trimmed; not the original text."""
import asyncio

from deerflow.config.extensions_config import ExtensionsConfig
from deerflow.mcp.client import build_servers_config


async def get_mcp_tools():
    from langchain_mcp_adapters.client import MultiServerMCPClient

    extensions_config = ExtensionsConfig.from_file()
    servers_config = build_servers_config(extensions_config)
    if not servers_config:
        return []
    client = MultiServerMCPClient(servers_config, tool_name_prefix=True)

    async def load_server_tools(server_name):
        try:
            discovery = client.get_tools(server_name=server_name)  # expect: PL201
            return await discovery
        except Exception:
            return []

    tools_by_server = await asyncio.gather(*(load_server_tools(name) for name in servers_config))
    wrapped_tools = []
    for source_name, server_tools in zip(servers_config.keys(), tools_by_server, strict=True):
        for tool in server_tools:
            wrapped_tools.append(tool)
    return wrapped_tools
