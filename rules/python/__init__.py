"""Python rules: each module holds one rule class (imported here so it registers)."""

from . import volatile_id, volatile_random, volatile_timestamp

__all__ = ["volatile_id", "volatile_random", "volatile_timestamp"]
