"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/connectors/mcp.py (lines 563-598), trimmed; not the original text.

The tools are set as attributes; the plugin is then made with KernelPlugin.from_object, whose
inspect.getmembers returns them sorted by name.
"""

from functools import partial


def kernel_function(name: str, description: str | None = None):
    def decorator(func):
        func.__kernel_function__ = True
        func.__kernel_function_name__ = name
        func.__kernel_function_description__ = description
        return func

    return decorator


class MCPPluginBase:
    def __init__(self, session):
        self.session = session
        self._mcp_registered_names: dict = {}

    async def call_tool(self, tool_name: str, **kwargs):
        return await self.session.call_tool(tool_name, arguments=kwargs)

    async def load_tools(self):
        try:
            tool_list = await self.session.list_tools()
        except Exception:
            tool_list = None
        for tool in tool_list.tools if tool_list else []:
            local_name = tool.name.replace("-", "_")
            self._mcp_registered_names[local_name] = ("tool", tool.name)
            func = kernel_function(name=local_name, description=tool.description)(partial(self.call_tool, tool.name))
            setattr(self, local_name, func)
