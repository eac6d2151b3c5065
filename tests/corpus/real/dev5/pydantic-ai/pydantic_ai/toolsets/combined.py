"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/toolsets/combined.py (lines 66-92), trimmed; not the original text."""

from asyncio import gather
from typing import Any


class CombinedToolset:
    def __init__(self, toolsets: list[Any]) -> None:
        self.toolsets = toolsets

    async def get_tools(self, ctx: Any) -> dict[str, Any]:
        toolsets_tools = await gather(*(toolset.get_tools(ctx) for toolset in self.toolsets))
        all_tools: dict[str, Any] = {}
        for toolset, tools in zip(self.toolsets, toolsets_tools):
            for name, tool in tools.items():
                if name in all_tools:
                    raise ValueError(f"{toolset!r} defines a tool whose name conflicts: {name!r}")
                all_tools[name] = tool
        return all_tools
