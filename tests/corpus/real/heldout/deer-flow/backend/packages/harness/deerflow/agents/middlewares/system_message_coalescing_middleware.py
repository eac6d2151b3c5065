"""Reconstruction of bytedance/deer-flow@f1f4af99bbf1cffb83a80744bf6e4a44ee8f24be:backend/packages/harness/deerflow/agents/middlewares/system_message_coalescing_middleware.py (lines 80-150), trimmed; not the original text."""
from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import SystemMessage

from deerflow.agents.middlewares.dynamic_context_middleware import is_dynamic_context_reminder


def _coalesce_request(request):
    in_msg_systems = [m for m in request.messages if isinstance(m, SystemMessage)]
    if not in_msg_systems:
        return None
    parts = []
    if request.system_message is not None:
        parts.append(request.system_message)
    parts.extend(in_msg_systems)
    reminder_indices = [i for i, p in enumerate(parts) if is_dynamic_context_reminder(p)]
    if len(reminder_indices) > 1:
        keep_last = reminder_indices[-1]
        parts = [p for i, p in enumerate(parts) if i not in reminder_indices[:-1] or i == keep_last]
    merged = SystemMessage(content="\n\n".join(p.content for p in parts), id=parts[0].id)
    non_system = [m for m in request.messages if not isinstance(m, SystemMessage)]
    return request.override(system_message=merged, messages=non_system)


class SystemMessageCoalescingMiddleware(AgentMiddleware):
    def wrap_model_call(self, request, handler):
        coalesced = _coalesce_request(request)
        return handler(coalesced or request)
