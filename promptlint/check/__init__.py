"""`promptlint check`: rules, registry, front ends and the engine that runs them."""

from promptlint.check.rule import Invalid, Rule, Valid

__all__ = ["Invalid", "Rule", "Valid"]
