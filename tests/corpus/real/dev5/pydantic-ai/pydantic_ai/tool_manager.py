"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/tool_manager.py (lines 496-515), trimmed; not the original text."""

from typing import Any


class ToolManager:
    def __init__(self, tools: dict[str, Any], ctx: Any) -> None:
        self.tools = tools
        self.ctx = ctx

    def _resolve_tool(self, call: Any) -> Any:
        tool = self.tools.get(call.tool_name)
        if tool is None:
            available = sorted(n for n, t in self.tools.items() if self.ctx.is_tool_available(t.tool_def))
            msg = f"Available tools: {', '.join(repr(n) for n in available)}" if available else "No tools are available yet."
            raise LookupError(f"Unknown tool name: {call.tool_name!r}. {msg}")
        return tool
