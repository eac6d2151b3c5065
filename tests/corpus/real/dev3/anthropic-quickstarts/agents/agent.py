"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:agents/agent.py
(lines 17-155), trimmed; not the original text.

The agent sends its fixed system prompt, the history and the tools (its own, then those the MCP
servers listed) on every turn; the history is trimmed first (utils/history_util.py).
"""

import asyncio
import os
from contextlib import AsyncExitStack
from dataclasses import dataclass
from typing import Any

from anthropic import Anthropic

from .tools.base import Tool
from .utils.connections import setup_mcp_connections
from .utils.history_util import MessageHistory
from .utils.tool_util import execute_tools


@dataclass
class ModelConfig:
    model: str = "claude-sonnet-4-20250514"
    max_tokens: int = 4096
    temperature: float = 1.0
    context_window_tokens: int = 180000


class Agent:
    def __init__(self, name: str, system: str, tools: list[Tool] | None = None, mcp_servers: list | None = None,
                 config: ModelConfig | None = None, message_params: dict[str, Any] | None = None):
        self.name = name
        self.system = system
        self.tools = list(tools or [])
        self.config = config or ModelConfig()
        self.mcp_servers = mcp_servers or []
        self.message_params = message_params or {}
        self.client = Anthropic(api_key=os.environ.get("ANTHROPIC_API_KEY", ""))
        self.history = MessageHistory(
            model=self.config.model,
            system=self.system,
            context_window_tokens=self.config.context_window_tokens,
            client=self.client,
        )

    def _prepare_message_params(self) -> dict[str, Any]:
        # clean here: a fixed system prompt; the tools' order is that of self.tools
        return {
            "model": self.config.model,
            "max_tokens": self.config.max_tokens,
            "temperature": self.config.temperature,
            "system": self.system,
            "messages": self.history.format_for_api(),
            "tools": [tool.to_dict() for tool in self.tools],
            **self.message_params,
        }

    async def _agent_loop(self, user_input: str):
        await self.history.add_message("user", user_input, None)
        tool_dict = {tool.name: tool for tool in self.tools}
        while True:
            self.history.truncate()
            params = self._prepare_message_params()
            response = self.client.messages.create(**params)
            tool_calls = [block for block in response.content if block.type == "tool_use"]
            await self.history.add_message("assistant", response.content, response.usage)
            if not tool_calls:
                return response
            tool_results = await execute_tools(tool_calls, tool_dict)
            await self.history.add_message("user", tool_results)

    async def run_async(self, user_input: str):
        async with AsyncExitStack() as stack:
            original_tools = list(self.tools)
            try:
                self.tools.extend(await setup_mcp_connections(self.mcp_servers, stack))
                return await self._agent_loop(user_input)
            finally:
                self.tools = original_tools

    def run(self, user_input: str):
        return asyncio.run(self.run_async(user_input))
