"""Reconstruction of openai/openai-agents-python@7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7:src/agents/agent.py
(lines 272-292, 1042-1070), trimmed; not the original text.
"""

import asyncio
import inspect
from dataclasses import dataclass, field
from typing import Any, Callable

from agents.mcp.util import MCPUtil


@dataclass
class Agent:
    name: str
    instructions: str | Callable[..., Any] | None = None
    tools: list = field(default_factory=list)
    mcp_servers: list = field(default_factory=list)

    async def get_mcp_tools(self, run_context) -> list:
        return await MCPUtil.get_all_function_tools(self.mcp_servers, run_context, self)

    async def get_all_tools(self, run_context) -> list:
        mcp_tools = await self.get_mcp_tools(run_context)

        async def _check_tool_enabled(tool) -> bool:
            attr = getattr(tool, "is_enabled", True)
            if isinstance(attr, bool):
                return attr
            res = attr(run_context, self)
            return bool(await res) if inspect.isawaitable(res) else bool(res)

        # clean: gather keeps the order of its arguments; zip pairs them back with self.tools
        results = await asyncio.gather(*(_check_tool_enabled(t) for t in self.tools))
        enabled = [t for t, ok in zip(self.tools, results) if ok]
        return [*mcp_tools, *enabled]

    async def get_system_prompt(self, run_context) -> str | None:
        if isinstance(self.instructions, str):
            return self.instructions
        if callable(self.instructions):
            # clean: the SDK calls the user's callback on every turn; whether the prompt changes
            # depends on what the callback reads (labelled where callbacks are defined)
            result = self.instructions(run_context, self)
            if inspect.isawaitable(result):
                return await result
            return result
        return None
