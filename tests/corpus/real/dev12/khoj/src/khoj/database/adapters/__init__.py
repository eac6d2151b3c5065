"""Reconstruction of khoj-ai/khoj@ae229ca894c0b80ad84664afcfdde523b5e87057:src/khoj/database/adapters/__init__.py (lines 2280-2290), trimmed; not the original text."""

from typing import List

from khoj.database.models import McpServer


class McpServerAdapters:
    @staticmethod
    async def aget_all_mcp_servers() -> List[McpServer]:
        servers: List[McpServer] = []
        try:
            servers = [server async for server in McpServer.objects.all()]  # expect: PL201
        except Exception:
            pass
        return servers
