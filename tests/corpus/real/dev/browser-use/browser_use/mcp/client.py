"""Reconstruction of browser-use/browser-use@85ddbfedf609166b2d2c76c3d80506649fee82a9:browser_use/mcp/client.py
(lines 70-250), trimmed; not the original text.
"""

from mcp import ClientSession


class MCPClient:
    def __init__(self, server_name: str, session: ClientSession):
        self.server_name = server_name
        self.session = session
        self._tools: dict = {}
        self._registered_actions: set[str] = set()
        self._connected = False

    async def connect(self) -> None:
        await self.session.initialize()
        # the server's listing order becomes the order of the registered actions, and so of
        # the Union in the agent's output schema (register_to_tools below)
        tools_response = await self.session.list_tools()
        self._tools = {tool.name: tool for tool in tools_response.tools}  # expect: PL201
        self._connected = True

    async def register_to_tools(self, tools, tool_filter: list[str] | None = None, prefix: str | None = None) -> None:
        if not self._connected:
            await self.connect()
        registry = tools.registry
        for tool_name, tool in self._tools.items():
            if tool_filter and tool_name not in tool_filter:
                continue
            action_name = f"{prefix}{tool_name}" if prefix else tool_name
            if action_name in self._registered_actions:
                continue
            registry.action(description=tool.description or tool_name, param_model=None)(self._make_wrapper(tool))
            self._registered_actions.add(action_name)

    def _make_wrapper(self, tool):
        async def mcp_action_wrapper(**kwargs):
            return await self.session.call_tool(tool.name, kwargs)

        return mcp_action_wrapper
