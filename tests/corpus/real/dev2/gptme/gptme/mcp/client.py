"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/mcp/client.py (lines 160-242), trimmed; not the original text."""

import asyncio
from typing import Any

from mcp import ClientSession


class MCPClient:
    def __init__(self) -> None:
        self.session: ClientSession | None = None
        self.tools: Any = None

    def connect(self, server_name: str) -> tuple[Any, ClientSession]:
        return asyncio.run(self._setup_connection(server_name))

    async def _setup_connection(self, server_name: str) -> tuple[Any, ClientSession]:
        session = await self._open_session(server_name)
        self.session = session
        await asyncio.wait_for(self.session.initialize(), timeout=60.0)
        tools = await asyncio.wait_for(self.session.list_tools(), timeout=10.0)  # expect: PL201
        self.tools = tools
        return (self.tools, self.session)

    async def _open_session(self, server_name: str) -> ClientSession:
        raise NotImplementedError(server_name)
