"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/tools/mcp_manager.py (lines 152-204, 376-378), trimmed; not the original text."""

import uuid
from typing import Dict


class MCPClient:
    def __init__(self):
        self.session = None
        self.tools: list = None
        self.client_id = None

    async def connection_server(self, mcp_server_name, mcp_server):
        await self.session.initialize()
        list_tools = await self.session.list_tools()
        self.tools = list_tools.tools


class MCPManager:
    def __init__(self):
        self.clients: dict = {}

    async def init_config_async(self, config: Dict):
        tools: list = []
        mcp_servers = config['mcpServers']
        for server_name in mcp_servers:
            client = MCPClient()
            await client.connection_server(mcp_server_name=server_name, mcp_server=mcp_servers[server_name])
            # only a key of self.clients; the model sees server_name-tool_name
            client_id = server_name + '_' + str(uuid.uuid4())
            client.client_id = client_id
            self.clients[client_id] = client
            # the server's list_tools() order becomes the order of the tools in every request
            for tool in client.tools:  # expect: PL201
                parameters = tool.inputSchema
                parameters.setdefault('required', [])
                cleaned = {'type': parameters['type'], 'properties': parameters['properties'],
                           'required': parameters['required']}
                tools.append(self.create_tool_class(register_name=server_name + '-' + tool.name,
                                                    register_client_id=client_id, tool_name=tool.name,
                                                    tool_desc=tool.description, tool_parameters=cleaned))
        return tools

    def create_tool_class(self, register_name, register_client_id, tool_name, tool_desc, tool_parameters):
        return {'name': register_name, 'description': tool_desc, 'parameters': tool_parameters}
