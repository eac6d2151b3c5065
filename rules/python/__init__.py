"""Python rules: each module holds one rule class (imported here so it registers)."""

from . import (
    breakpoint_count,
    breakpoint_ttl_order,
    dynamic_before_static,
    history_window,
    json_key_order,
    tool_order,
    volatile_id,
    volatile_random,
    volatile_timestamp,
)

__all__ = [
    "breakpoint_count",
    "breakpoint_ttl_order",
    "dynamic_before_static",
    "history_window",
    "json_key_order",
    "tool_order",
    "volatile_id",
    "volatile_random",
    "volatile_timestamp",
]
