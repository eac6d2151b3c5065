"""Reconstruction of OpenBMB/ChatDev@b23950d03575e31c958d7f57af521fb782db8750:runtime/node/agent/tool/tool_manager.py (lines 65-96, 97-145, 176-245, 507-552), trimmed; not the original text."""

import asyncio
from typing import Any, Dict, List

from fastmcp import Client
from fastmcp.client.transports import StreamableHttpTransport

from runtime.node.agent.tool.spec import ToolSpec


class ToolManager:
    def __init__(self):
        self._mcp_tool_cache: Dict[str, List[Any]] = {}

    async def _fetch_mcp_tools_http(self, server_url: str, *, headers=None, timeout=None) -> List[Any]:
        client = Client(transport=StreamableHttpTransport(server_url, headers=headers or None), timeout=timeout)
        async with client:
            return await client.list_tools()  # expect: PL201

    async def _fetch_mcp_tools_stdio(self, config, launch_key: str) -> List[Any]:
        client = self._get_stdio_client(config, launch_key)
        return client.list_tools()  # expect: PL201

    def _build_function_specs(self, config) -> List[ToolSpec]:
        # the workflow's own list, in its order
        specs: List[ToolSpec] = []
        for tool in config.tools:
            params = tool.get("parameters") or {"type": "object", "properties": {}}
            specs.append(ToolSpec(name=tool.get("name", ""), description=tool.get("description") or "", parameters=params))
        return specs

    def _build_mcp_remote_specs(self, config) -> List[ToolSpec]:
        key = f"remote:{config.cache_key()}"
        tools = self._mcp_tool_cache.get(key)
        if tools is None:
            tools = asyncio.run(self._fetch_mcp_tools_http(config.server, headers=config.headers, timeout=config.timeout))
            self._mcp_tool_cache[key] = tools
        return [ToolSpec(name=t.name, description=t.description or "", parameters=t.inputSchema) for t in tools]

    def get_tool_specs(self, tool_configs) -> List[ToolSpec]:
        specs: List[ToolSpec] = []
        for idx, cfg in enumerate(tool_configs or []):
            current = self._build_function_specs(cfg) if cfg.type == "function" else self._build_mcp_remote_specs(cfg)
            for spec in current:
                spec.name = f"{cfg.prefix}_{spec.name}" if cfg.prefix else spec.name
                spec.metadata["_config_index"] = idx
                specs.append(spec)
        return specs


# (lines 507-552) the stdio client the manager keeps per launch key: a synchronous face over
# an MCP client running on its own event loop, so its list_tools() is the server's listing.
class _StdioClientWrapper:
    def __init__(self, client: Client) -> None:
        self._client = client
        self._loop = asyncio.new_event_loop()

    def list_tools(self) -> List[Any]:
        return asyncio.run_coroutine_threadsafe(self._call("list_tools"), self._loop).result()

    async def _call(self, method: str, *args: Any) -> Any:
        return await getattr(self._client, method)(*args)
