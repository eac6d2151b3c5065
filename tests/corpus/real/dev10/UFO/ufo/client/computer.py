"""Reconstruction of microsoft/UFO@b28183fd426452c6cb511627c9bd32a929f29406:ufo/client/computer.py (lines 22-160, 283-366, 467-505), trimmed; not the original text."""

import asyncio
import json
from typing import Any, Dict, List, Optional

from fastmcp import Client
from fastmcp.client.client import CallToolResult
from mcp.types import TextContent


class Computer:
    def __init__(self, name: str, data_collection_servers_config, action_servers_config):
        self._name = name
        self._tools_registry: Dict[str, Any] = {}
        self._meta_tools: Dict[str, Any] = {}
        self._data_collection_servers = {}
        self._action_servers = {}
        self._data_collection_namespaces = "data_collection"
        self._action_namespaces = "action"
        self.data_collection_servers_config = data_collection_servers_config
        self.action_servers_config = action_servers_config

    async def async_init(self) -> None:
        await asyncio.gather(
            self.register_mcp_servers(
                self._data_collection_servers, tool_type=self._data_collection_namespaces
            ),
            self.register_mcp_servers(self._action_servers, tool_type=self._action_namespaces),
        )

    async def register_mcp_servers(self, server_dict: Dict[str, Any], tool_type: str) -> None:
        tasks = [
            self.register_one_mcp_server(namespace, tool_type, server)
            for namespace, server in server_dict.items()
        ]
        # servers register concurrently: the registry fills in completion order
        await asyncio.gather(*tasks)  # expect: PL201

    async def register_one_mcp_server(self, namespace: str, tool_type: str, mcp_server) -> None:
        async with Client(mcp_server.server) as client:
            tools = await client.list_tools()  # expect: PL201

            for tool in tools:
                tool_key = f"{tool_type}::{tool.name}"
                if tool_key not in self._tools_registry:
                    self._register_tool(
                        tool_key=tool_key,
                        tool_name=tool.name,
                        namespace=namespace,
                        tool_type=tool_type,
                        description=tool.description,
                        input_schema=tool.inputSchema or {},
                        output_schema=tool.outputSchema or {},
                    )

    def _register_tool(self, tool_key, tool_name, namespace, tool_type, description,
                       input_schema, output_schema) -> None:
        self._tools_registry[tool_key] = {
            "tool_key": tool_key,
            "tool_name": tool_name,
            "namespace": namespace,
            "tool_type": tool_type,
            "description": description,
            "input_schema": input_schema,
            "output_schema": output_schema,
        }

    async def list_tools(
        self,
        tool_type: Optional[str] = None,
        namespace: Optional[str] = None,
        remove_meta: bool = True,
    ) -> CallToolResult:
        # the registry's insertion order is the order of the agents' tool prompts
        tools = []
        for tool in self._tools_registry.values():
            if (
                (tool_type is None or tool["tool_type"] == tool_type)
                and (namespace is None or tool["namespace"] == namespace)
                and (not remove_meta or tool["tool_name"] not in self._meta_tools)
            ):
                tools.append(tool)
        content = [TextContent(type="text", text=json.dumps(tools))]
        return CallToolResult(data=tools, content=content, structured_content=None)
