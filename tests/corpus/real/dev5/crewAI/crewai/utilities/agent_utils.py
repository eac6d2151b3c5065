"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/utilities/agent_utils.py (lines 343-360, 544-560, 795-830, 1048-1135), trimmed; not the original text."""

import contextlib
from collections.abc import Iterator
from typing import Any


@contextlib.contextmanager
def _llm_stop_words_applied(llm: Any, extra: list[str]) -> Iterator[None]:
    if not extra or set(extra).issubset(llm.stop):
        yield
        return
    with llm.call_stop_override(list(set(llm.stop + extra))):
        yield


def get_llm_response(llm: Any, messages: list[dict[str, Any]]) -> str:
    return llm.call(messages)


def handle_context_length(respect_context_window: bool, messages: list[dict[str, Any]], llm: Any) -> None:
    if respect_context_window:
        summarize_messages(messages, llm)
    else:
        raise SystemExit("Context length exceeded")


def summarize_messages(messages: list[dict[str, Any]], llm: Any) -> None:
    """Called once when the context window overflows; the loop then keeps appending."""
    system_messages = [m for m in messages if m.get("role") == "system"]
    others = [m for m in messages if m.get("role") != "system"]
    text = "\n".join(str(m.get("content", "")) for m in others)
    summary = llm.call([{"role": "user", "content": f"Summarize:\n{text}"}])
    messages.clear()
    messages.extend(system_messages)
    messages.append({"role": "user", "content": f"Summary of the conversation so far:\n{summary}"})
