"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-ext/src/autogen_ext/tools/mcp/_workbench.py (lines 274-312), trimmed; not the original text."""

from typing import List


class McpWorkbench:
    async def list_tools(self) -> List[dict]:
        if not self._actor:
            await self.start()
        result_future = await self._actor.call("list_tools", None)  # expect: PL201
        list_tool_result = await result_future
        schema: List[dict] = []
        for tool in list_tool_result.tools:
            name = tool.name
            description = tool.description or ""
            if tool.name in self._tool_overrides:
                override = self._tool_overrides[tool.name]
                name = override.name or name
                description = override.description or description
            parameters = {
                "type": "object",
                "properties": tool.inputSchema.get("properties", {}),
                "required": tool.inputSchema.get("required", []),
            }
            schema.append({"name": name, "description": description, "parameters": parameters})
        return schema
