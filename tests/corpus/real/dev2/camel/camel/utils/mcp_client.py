"""Reconstruction of camel-ai/camel@13dc7a7dda66d943949e5448d55e70d5a9481cfe:camel/utils/mcp_client.py (lines 370-395, 956-1000), trimmed; not the original text.

get_tools() hands the agent one FunctionTool per MCP tool, in the server's order.
"""

from typing import Any, List

from mcp import ClientSession


class MCPClient:
    def __init__(self, session: ClientSession, handshake_timeout_seconds: float = 30.0) -> None:
        self._session = session
        self._handshake_timeout_seconds = handshake_timeout_seconds
        self._tools: List[Any] = []

    async def _run_operation_with_timeout(self, coro, timeout: float):
        import asyncio

        return await asyncio.wait_for(coro, timeout=timeout)

    async def connect(self) -> None:
        init_timeout = self._handshake_timeout_seconds
        await self._run_operation_with_timeout(self._session.initialize(), timeout=init_timeout)
        tools_response = await self._run_operation_with_timeout(
            self._session.list_tools(), timeout=init_timeout  # expect: PL201
        )
        self._tools = tools_response.tools if tools_response else []

    def get_tools(self):
        from camel.toolkits import FunctionTool

        return [FunctionTool(self.generate_function_from_mcp_tool(mcp_tool)) for mcp_tool in self._tools]

    def generate_function_from_mcp_tool(self, mcp_tool):
        async def call(**kwargs):
            return await self._session.call_tool(mcp_tool.name, kwargs)

        call.__name__ = mcp_tool.name
        call.__doc__ = mcp_tool.description
        return call
