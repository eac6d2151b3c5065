"""Reconstruction of pydantic/pydantic-ai@4fda38988f2939fa6ea9cdefcf120693e10ef491:pydantic_ai_slim/pydantic_ai/toolsets/_tool_search.py (lines 196-258), trimmed; not the original text."""

from collections.abc import Sequence
from typing import Any


def parse_discovered_tools(messages: Sequence[Any]) -> set[str]:
    # membership only; the tools' order comes from discovered_tool_names_in_order
    return set(discovered_tool_names_in_order(messages))


def discovered_tool_names_in_order(messages: Sequence[Any]) -> tuple[str, ...]:
    discovered: dict[str, None] = {}
    for msg in messages:
        for part in getattr(msg, "parts", []):
            if getattr(part, "part_kind", "") == "tool-availability-delta":
                discovered.update(dict.fromkeys(part.tools_added))
    return tuple(discovered)
