"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/processor/tools/mcp.py (lines 39-48), trimmed; not the original text."""

from mcp import ClientSession


class MCPClient:
    def __init__(self, name: str) -> None:
        self.name = name
        self.session: ClientSession | None = None

    async def connect(self) -> None:
        raise NotImplementedError

    async def get_tools(self):
        if not self.session:
            await self.connect()
        tools_response = await self.session.list_tools()  # expect: PL201
        return tools_response.tools
