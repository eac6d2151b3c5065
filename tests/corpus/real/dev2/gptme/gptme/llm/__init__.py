"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/llm/__init__.py (lines 279-312), trimmed; not the original text.

GENERATION_PRE hooks (fresh git status, cost and cache awareness with clock
values) return messages appended after the final user message for this request
only; they are not stored, so the next request sends that turn without them.
"""

from datetime import datetime, timezone

from ..logmanager import prepare_messages
from ..message import Message
from ..tools import ToolSpec
from . import llm_anthropic


def _generation_pre_hooks(messages: list[Message]) -> list[Message]:
    now = datetime.now(tz=timezone.utc)
    return [Message("system", f"<cache-awareness>checked at {now:%H:%M}</cache-awareness>")]


def reply(messages: list[Message], model: str, tools: list[ToolSpec]) -> str:
    messages = prepare_messages(messages)
    context_msgs = _generation_pre_hooks(messages)
    generation_msgs = list(messages)
    if context_msgs:
        generation_msgs.extend(context_msgs)  # expect: PL301
    return llm_anthropic.chat(generation_msgs, model, tools)
