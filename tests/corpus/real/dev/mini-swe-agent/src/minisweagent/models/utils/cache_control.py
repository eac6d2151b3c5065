"""Reconstruction of SWE-agent/mini-swe-agent@a83fcae82d2a08f0ee0c688f9d137b3566c097f8:src/minisweagent/models/utils/cache_control.py
(lines 1-67), trimmed; not the original text.

One breakpoint, moved to the last message on each request: the usual incremental caching.
"""

import copy
from typing import Literal


def _clear_cache_control(entry: dict) -> None:
    if isinstance(entry["content"], list):
        entry["content"][0].pop("cache_control", None)
    entry.pop("cache_control", None)


def _set_cache_control(entry: dict) -> None:
    if entry["content"] is None:
        entry["cache_control"] = {"type": "ephemeral"}
        return
    if not isinstance(entry["content"], list):
        entry["content"] = [{"type": "text", "text": entry["content"], "cache_control": {"type": "ephemeral"}}]
    else:
        entry["content"][0]["cache_control"] = {"type": "ephemeral"}


def set_cache_control(messages: list[dict], *, mode: Literal["default_end"] | None = "default_end") -> list[dict]:
    if mode is None:
        return messages
    messages = copy.deepcopy(messages)
    new_messages = []
    # clean: every old marker is cleared, one is set on the last message: one breakpoint
    for i_entry, entry in enumerate(reversed(messages)):
        _clear_cache_control(entry)
        if i_entry == 0:
            _set_cache_control(entry)
        new_messages.append(entry)
    return list(reversed(new_messages))
