"""Reconstruction of bytedance/deer-flow@f1f4af99bbf1cffb83a80744bf6e4a44ee8f24be:backend/packages/harness/deerflow/agents/middlewares/token_budget_middleware.py (lines 281-314), trimmed; not the original text."""
from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import HumanMessage


class TokenBudgetMiddleware(AgentMiddleware):
    def __init__(self):
        super().__init__()
        self._pending_warnings = {}

    def _drain_pending_warnings(self, runtime):
        return self._pending_warnings.pop(id(runtime), None) or []

    def _inject_warnings(self, request, warnings):
        if not warnings:
            return request
        merged_text = "\n\n".join(warnings)
        warning_msg = HumanMessage(content=merged_text, name="budget_warning")
        messages = getattr(request, "messages", [])
        new_messages = list(messages) + [warning_msg]
        return request.override(messages=new_messages)

    def wrap_model_call(self, request, handler):
        warnings = self._drain_pending_warnings(request.runtime)
        request = self._inject_warnings(request, warnings)
        return handler(request)
