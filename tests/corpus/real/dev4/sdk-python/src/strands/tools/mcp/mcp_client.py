"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/tools/mcp/mcp_client.py (lines 232-290, 404-458), trimmed; not the original text.

The agent's MCP tools are the server's tools in the order list_tools() returns them, page by page.
"""


class MCPAgentTool:
    def __init__(self, mcp_tool, client, name_override=None):
        self.mcp_tool = mcp_tool
        self.client = client
        self.tool_name = name_override or mcp_tool.name


class PaginatedList(list):
    def __init__(self, items, token=None):
        super().__init__(items)
        self.pagination_token = token


class MCPClient:
    def __init__(self, session, run, prefix=None):
        self._background_thread_session = session
        self._run = run
        self._prefix = prefix
        self._loaded_tools = None

    async def load_tools(self, **kwargs):
        if self._loaded_tools is None:
            self._loaded_tools = []
            pagination_token = None
            while True:
                page = self.list_tools_sync(pagination_token, prefix=self._prefix)
                self._loaded_tools.extend(page)
                pagination_token = page.pagination_token
                if pagination_token is None:
                    break
        return self._loaded_tools

    def list_tools_sync(self, pagination_token=None, prefix=None):
        effective_prefix = self._prefix if prefix is None else prefix

        async def _list_tools_async():
            return await self._background_thread_session.list_tools(cursor=pagination_token)  # expect: PL201

        list_tools_response = self._run(_list_tools_async())
        mcp_tools = []
        for tool in list_tools_response.tools:
            if effective_prefix:
                mcp_tools.append(MCPAgentTool(tool, self, name_override=f"{effective_prefix}_{tool.name}"))
            else:
                mcp_tools.append(MCPAgentTool(tool, self))
        return PaginatedList(mcp_tools, token=list_tools_response.nextCursor)
