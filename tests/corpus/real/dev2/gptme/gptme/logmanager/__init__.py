"""Reconstruction of gptme/gptme@d27f98d3a55451491d00bbd20035d328e34219b1:gptme/logmanager/__init__.py (lines 8-41), trimmed; not the original text."""

from .manager import prepare_messages

__all__ = ["prepare_messages"]
