"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:swarm/__init__.py (lines 1-4), trimmed; not the original text."""

from .core import Swarm
from .types import Agent

__all__ = ["Agent", "Swarm"]
