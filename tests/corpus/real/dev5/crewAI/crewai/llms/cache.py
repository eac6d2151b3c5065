"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/llms/cache.py (lines 24-37), trimmed; not the original text."""

from typing import Any

CACHE_BREAKPOINT_KEY = "cache_breakpoint"


def mark_cache_breakpoint(message: dict[str, Any]) -> dict[str, Any]:
    return {**message, CACHE_BREAKPOINT_KEY: True}
