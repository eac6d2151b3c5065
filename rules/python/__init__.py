"""Python rules: each module holds one rule class (imported here so it registers)."""

from . import (
    breakpoint_misuse,
    breakpoint_ttl_order,
    dynamic_before_static,
    history_rewrite,
    schema_key_order,
    tool_order,
    volatile_id,
    volatile_random,
    volatile_timestamp,
)

__all__ = [
    "breakpoint_misuse",
    "breakpoint_ttl_order",
    "dynamic_before_static",
    "history_rewrite",
    "schema_key_order",
    "tool_order",
    "volatile_id",
    "volatile_random",
    "volatile_timestamp",
]
