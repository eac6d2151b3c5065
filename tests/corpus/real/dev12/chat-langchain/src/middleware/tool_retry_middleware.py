"""Reconstruction of langchain-ai/chat-langchain@f0e28040d768690c37e9cf8e040eb8dc09b93ed1:src/middleware/tool_retry_middleware.py (lines 92-175), trimmed; not the original text."""

import json

from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage


class ToolRetryMiddleware(AgentMiddleware):
    def __init__(self, max_attempts: int = 3):
        super().__init__()
        self.max_attempts = max_attempts

    def _tool_message(self, request, content: str) -> ToolMessage:
        return ToolMessage(content=content, name=request.tool_call.get("name"), tool_call_id=request.tool_call.get("id", ""))

    def _final_error_content(self, request, error: Exception) -> str:
        tool_name = request.tool_call.get("name", "unknown_tool")
        payload = {
            "error": "Tool unavailable",
            "message": f"{tool_name} failed after {self.max_attempts} attempts.",
            "tool": tool_name,
            "details": str(error)[:160],
        }
        return json.dumps(payload)

    async def awrap_tool_call(self, request, handler):
        last_error = None
        for attempt in range(1, self.max_attempts + 1):
            try:
                return await handler(request)
            except Exception as error:
                last_error = error
        return self._tool_message(request, self._final_error_content(request, last_error))
