"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/vended_plugins/steering/context_providers/ledger_provider.py (lines 29-56), trimmed; not the original text.

Each tool call adds an entry stamped with the current time to the steering ledger, which the
steering prompt serialises (handlers/llm/mappers.py).
"""

from datetime import datetime


class LedgerBeforeToolCall:
    def __init__(self):
        self.session_start = datetime.now().isoformat()

    def __call__(self, event, steering_context, **kwargs):
        ledger = steering_context.data.get("ledger") or {}
        if not ledger:
            ledger = {
                "session_start": self.session_start,
                "tool_calls": [],
                "conversation_history": [],
                "session_metadata": {},
            }
        tool_call_entry = {
            "timestamp": datetime.now().isoformat(),  # expect: PL101
            "tool_use_id": event.tool_use.get("toolUseId"),
            "tool_name": event.tool_use.get("name"),
            "tool_args": event.tool_use.get("input", {}),
            "status": "pending",
        }
        ledger["tool_calls"].append(tool_call_entry)
        steering_context.data.set("ledger", ledger)
