"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/tools/mcp.py (lines 13-59), trimmed; not the original text."""

from contextlib import AsyncExitStack
from typing import Optional

from mcp import ClientSession


class MCPClient:
    def __init__(self, name: str, path: str, api_key: Optional[str] = None):
        self.name = name
        self.path = path
        self.api_key = api_key
        self.session: Optional[ClientSession] = None
        self.exit_stack = AsyncExitStack()

    async def get_tools(self):
        if not self.session:
            await self.connect()
        tools_response = await self.session.list_tools()  # expect: PL201
        return tools_response.tools

    async def run_tool(self, tool_name: str, input_data: dict):
        if not self.session:
            await self.connect()
        return await self.session.call_tool(tool_name, input_data)
