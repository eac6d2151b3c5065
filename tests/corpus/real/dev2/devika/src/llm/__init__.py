"""Reconstruction of stitionai/devika@80bb343cbe4a4e5f5a0ba08d2524920139baceb6:src/llm/__init__.py (lines 1-1), trimmed; not the original text."""

from .llm import LLM

__all__ = ["LLM"]
