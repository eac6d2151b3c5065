"""Jinja rules (prompt templates and chat templates): one rule class per module."""

from . import (
    date_input,
    dynamic_before_static,
    history_rewrite,
    render_incomplete,
    schema_key_order,
    volatile_random,
    volatile_timestamp,
)

__all__ = [
    "date_input",
    "dynamic_before_static",
    "history_rewrite",
    "render_incomplete",
    "schema_key_order",
    "volatile_random",
    "volatile_timestamp",
]
