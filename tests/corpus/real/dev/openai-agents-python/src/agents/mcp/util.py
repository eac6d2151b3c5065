"""Reconstruction of openai/openai-agents-python@7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7:src/agents/mcp/util.py
(lines 266-400), trimmed; not the original text.
"""


class MCPUtil:
    @classmethod
    async def _list_tools_with_span(cls, server, run_context, agent) -> list:
        # the server's listing order becomes the order of the agent's tools, the first part of
        # every request
        tools = await server.list_tools(run_context, agent)  # expect: PL201
        return tools

    @classmethod
    async def get_function_tools(cls, server, run_context, agent) -> list:
        tools = await cls._list_tools_with_span(server, run_context, agent)
        return [cls.to_function_tool(tool, server) for tool in tools]

    @classmethod
    async def get_all_function_tools(cls, servers: list, run_context, agent) -> list:
        tools: list = []
        tool_names: set[str] = set()
        for server in servers:
            server_tools = await cls.get_function_tools(server, run_context, agent)
            server_tool_names = {tool.name for tool in server_tools}
            duplicate_tool_names = sorted(server_tool_names & tool_names)
            if duplicate_tool_names:
                raise ValueError(f"Duplicate tool names found across MCP servers: {', '.join(duplicate_tool_names)}")
            tool_names.update(server_tool_names)
            tools.extend(server_tools)
        return tools

    @classmethod
    def to_function_tool(cls, tool, server):
        return {"type": "function", "name": tool.name, "description": tool.description or "", "parameters": tool.inputSchema}
