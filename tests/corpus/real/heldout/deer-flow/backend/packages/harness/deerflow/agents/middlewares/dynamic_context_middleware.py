"""Reconstruction of bytedance/deer-flow@f1f4af99bbf1cffb83a80744bf6e4a44ee8f24be:backend/packages/harness/deerflow/agents/middlewares/dynamic_context_middleware.py (lines 69-80, 166-190, 229-345), trimmed; not the original text."""
import uuid
from datetime import datetime

from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import HumanMessage, SystemMessage

from deerflow.agents.lead_agent.prompt import _get_memory_context

_DYNAMIC_CONTEXT_REMINDER_KEY = "dynamic_context_reminder"
_REMINDER_DATE_KEY = "reminder_date"


def _format_current_date() -> str:
    return datetime.now().strftime("%Y-%m-%d, %A")  # expect: PL101


def _format_current_date_reminder(current_date: str) -> str:
    return "\n".join(["<system-reminder>", f"<current_date>{current_date}</current_date>", "</system-reminder>"])


def _last_injected_date(messages):
    for msg in reversed(messages):
        if msg.additional_kwargs.get(_DYNAMIC_CONTEXT_REMINDER_KEY):
            return msg.additional_kwargs.get(_REMINDER_DATE_KEY)
    return None


class SubagentDateContextMiddleware(AgentMiddleware):
    @staticmethod
    def _inject() -> dict:
        current_date = _format_current_date()
        reminder = _format_current_date_reminder(current_date)
        return {"messages": [SystemMessage(content=reminder, additional_kwargs={_DYNAMIC_CONTEXT_REMINDER_KEY: True, _REMINDER_DATE_KEY: current_date})]}

    def before_agent(self, state, runtime):
        return self._inject()


class DynamicContextMiddleware(AgentMiddleware):
    def __init__(self, agent_name=None, *, app_config=None):
        super().__init__()
        self._agent_name = agent_name
        self._app_config = app_config

    def _build_full_reminder(self, runtime=None):
        memory_context = _get_memory_context(self._agent_name, app_config=self._app_config)
        current_date = _format_current_date()
        date_reminder = _format_current_date_reminder(current_date)
        memory_block = memory_context.strip() if memory_context else None
        return date_reminder, memory_block

    def _build_date_update_reminder(self) -> str:
        return _format_current_date_reminder(_format_current_date())

    @staticmethod
    def _make_reminder_and_user_messages(original, reminder_content, memory_content=None, *, reminder_date=None):
        stable_id = original.id or str(uuid.uuid4())
        messages = [SystemMessage(content=reminder_content, id=stable_id, additional_kwargs={_DYNAMIC_CONTEXT_REMINDER_KEY: True, _REMINDER_DATE_KEY: reminder_date})]
        if memory_content:
            messages.append(HumanMessage(content=memory_content, id=f"{stable_id}__memory", additional_kwargs={_DYNAMIC_CONTEXT_REMINDER_KEY: True}))
        messages.append(HumanMessage(content=original.content, id=f"{stable_id}__user", name=original.name))
        return messages

    def _inject(self, state, runtime=None):
        messages = list(state.get("messages", []))
        if not messages:
            return None
        current_date = _format_current_date()
        last_date = _last_injected_date(messages)
        if last_date is None:
            target_idx = next((i for i in reversed(range(len(messages))) if isinstance(messages[i], HumanMessage)), None)
            if target_idx is None:
                return None
            date_reminder, memory_block = self._build_full_reminder(runtime)
            return {"messages": self._make_reminder_and_user_messages(messages[target_idx], date_reminder, memory_block, reminder_date=current_date)}
        if last_date == current_date:
            return None
        last_human_idx = next((i for i in reversed(range(len(messages))) if isinstance(messages[i], HumanMessage)), None)
        return {"messages": self._make_reminder_and_user_messages(messages[last_human_idx], self._build_date_update_reminder(), reminder_date=current_date)}

    def before_agent(self, state, runtime):
        return self._inject(state, runtime)
