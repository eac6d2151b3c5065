"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/tools/mcp/mcp.py (lines 727-795), trimmed; not the original text.

The toolkit's functions are registered in the order the MCP server's list_tools() returns them.
"""


class Function:
    def __init__(self, name, description, parameters, entrypoint=None):
        self.name = name
        self.description = description
        self.parameters = parameters
        self.entrypoint = entrypoint


class MCPTools:
    def __init__(self, session, include_tools=None, exclude_tools=None, tool_name_prefix=None):
        self.session = session
        self.include_tools = include_tools
        self.exclude_tools = exclude_tools
        self.tool_name_prefix = tool_name_prefix
        self.functions = {}

    async def build_tools(self):
        available_tools = await self.session.list_tools()  # expect: PL201
        filtered_tools = []
        for tool in available_tools.tools:
            if self.exclude_tools and tool.name in self.exclude_tools:
                continue
            if self.include_tools is None or tool.name in self.include_tools:
                filtered_tools.append(tool)
        prefix = self.tool_name_prefix + "_" if self.tool_name_prefix is not None else ""
        for tool in filtered_tools:
            f = Function(name=prefix + tool.name, description=tool.description, parameters=tool.inputSchema)
            self.functions[f.name] = f
