"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/core/registry.py (lines 90-111), trimmed; not the original text."""

from typing import List, Optional


class ToolRegistry:
    def __init__(self):
        self._tools = {}

    def register(self, tool) -> None:
        self._tools[tool.name] = tool

    async def get_schemas(self, user=None) -> List:
        # registration order (a dict)
        schemas = []
        for tool in self._tools.values():
            if user is None or await self._validate_tool_permissions(tool, user):
                schemas.append(tool.get_schema())
        return schemas

    async def _validate_tool_permissions(self, tool, user) -> bool:
        if not tool.access_groups:
            return True
        return bool(set(user.group_memberships) & set(tool.access_groups))
