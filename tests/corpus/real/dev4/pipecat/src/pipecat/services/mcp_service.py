"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/services/mcp_service.py (lines 94-130, 286-330, 378-416, 479-523), trimmed; not the original text.

The tools offered to the LLM are the MCP server's tools in the order list_tools() returns them.
"""


class FunctionSchema:
    def __init__(self, name, description, properties, required, handler=None):
        self.name = name
        self.description = description
        self.properties = properties
        self.required = required
        self.handler = handler


class ToolsSchema:
    def __init__(self, standard_tools):
        self.standard_tools = standard_tools


class MCPClient:
    def __init__(self, session, tools_filter=None, tools_arguments=None):
        self._session = session
        self._tools_filter = tools_filter
        self._tools_arguments = tools_arguments or {}

    async def register_tools(self, llm):
        tools_schema = await self._list_tools_helper(self._session)
        for function_schema in tools_schema.standard_tools:
            llm.register_function(function_schema.name, self._tool_wrapper)
        return tools_schema

    def _convert_mcp_schema_to_pipecat(self, tool_name, tool_schema, handler=None):
        properties = tool_schema["input_schema"].get("properties", {})
        required = tool_schema["input_schema"].get("required", [])
        fixed = self._tools_arguments.get(tool_name)
        if fixed:
            properties = {k: v for k, v in properties.items() if k not in fixed}
            required = [r for r in required if r not in fixed]
        return FunctionSchema(tool_name, tool_schema["description"], properties, required, handler)

    async def _tool_wrapper(self, params):
        result = await self._session.call_tool(params.function_name, arguments=params.arguments)
        await params.result_callback("".join(c.text for c in result.content if c.text))

    async def _list_tools_helper(self, session, attach_handlers=False):
        available_tools = await session.list_tools()  # expect: PL201
        tool_schemas = []
        for tool in available_tools.tools:
            if self._tools_filter and tool.name not in self._tools_filter:
                continue
            tool_schemas.append(
                self._convert_mcp_schema_to_pipecat(
                    tool.name,
                    {"description": tool.description, "input_schema": tool.inputSchema},
                    handler=self._tool_wrapper if attach_handlers else None,
                )
            )
        return ToolsSchema(standard_tools=tool_schemas)
