"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/tools/mcp/tool.py (lines 125-205), trimmed; not the original text.

The MCP server's tools become methods of the tool; the prompt drivers list them through
ActivityMixin.activities(), which orders them by name.
"""

from __future__ import annotations

import asyncio
import re
from types import MethodType

from attrs import define, field

from griptape.tools import BaseTool
from griptape.tools.mcp.sessions import create_session
from griptape.utils.decorators import activity


@define
class MCPTool(BaseTool):
    connection: dict = field(kw_only=True)

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        asyncio.run(self._init_activities())

    async def _init_activities(self) -> None:
        async with create_session(self.connection) as session:
            await session.initialize()
            tools_response = await session.list_tools()

        for tool in tools_response.tools:
            activity_handler = self._create_activity_handler(tool)
            setattr(self, self._sanitize_activity_name(tool.name), MethodType(activity_handler, self))

    @staticmethod
    def _sanitize_activity_name(name: str) -> str:
        return re.sub(r"[^a-zA-Z0-9_]", "_", name)

    def _create_activity_handler(self, tool):
        activity_name = self._sanitize_activity_name(tool.name)

        @activity(config={"name": activity_name, "description": tool.description or tool.name, "schema": None})
        def activity_handler(self: MCPTool, values: dict):
            return asyncio.run(self._run_activity(tool.name, values))

        return activity_handler

    async def _run_activity(self, activity_name: str, params: dict):
        raise NotImplementedError
