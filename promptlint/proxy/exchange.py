"""The Exchange the proxy hands to the Analyzer (INTERFACES.md §C); diagnosis owns the type."""

from promptlint.diagnosis.exchange import Exchange

__all__ = ["Exchange"]
