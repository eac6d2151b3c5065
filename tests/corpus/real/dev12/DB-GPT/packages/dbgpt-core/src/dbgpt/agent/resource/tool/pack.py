"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-core/src/dbgpt/agent/resource/tool/pack.py (lines 172-178, 414-474), trimmed; not the original text."""

from typing import Any, Dict, List

from mcp import ClientSession

from dbgpt.agent.resource.pack import ResourcePack


class ToolPack(ResourcePack):
    def _get_call_args(self, arguments: Dict[str, Any], tl) -> Dict[str, Any]:
        diff_args = list(set(arguments.keys()).difference(set(tl.args.keys())))
        for arg_name in diff_args:
            del arguments[arg_name]
        return arguments


class MCPToolPack(ToolPack):
    async def preload_resource(self):
        server_list = self._mcp_servers.split(";")
        for server in server_list:
            async with mcp_transport_client(url=server, transport=self._transport) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    result = await session.list_tools()  # expect: PL201
                    for tool in result.tools:
                        tool_name = tool.name
                        self.tool_server_map[tool_name] = server
                        args = self.switch_mcp_input_schema(tool.inputSchema)

                        async def call_mcp_tool(tool_name=tool_name, server=server, **kwargs):
                            async with mcp_transport_client(url=server) as (read, write):
                                async with ClientSession(read, write) as session:
                                    await session.initialize()
                                    return await session.call_tool(tool_name, arguments=kwargs)

                        self.add_command(
                            tool.description,
                            tool_name,
                            args,
                            call_mcp_tool,
                        )
        self._loaded = True
