"""Reconstruction of anthropics/anthropic-quickstarts@44c2b5c97d6d91a07033691f12b3b5c5ca464c35:computer-use-demo/computer_use_demo/tools/__init__.py
(lines 1-21), trimmed; not the original text."""

from .collection import ToolCollection, ToolResult
from .groups import TOOL_GROUPS_BY_VERSION

__all__ = ["TOOL_GROUPS_BY_VERSION", "ToolCollection", "ToolResult"]
