"""Reconstruction of modelscope/agentscope@b01fef5eb4ba68b703113c53108a274fe60b5cbe:src/agentscope/tool/_toolkit.py (lines 70-110, 368-430, 601-720), trimmed; not the original text.

Tool schemas are sent in registration order (a dict) for the active groups; an MCP client's
tools are registered in the order its list_tools() returns them.
"""


class ToolGroup:
    def __init__(self, name, active=False, description=""):
        self.name = name
        self.active = active
        self.description = description


class Toolkit:
    def __init__(self):
        self.tools = {}
        self.groups = {}

    def register_tool_function(self, tool_func, group_name="basic", preset_kwargs=None, postprocess_func=None):
        name = getattr(tool_func, "name", None) or tool_func.__name__
        self.tools[name] = {"func": tool_func, "group": group_name, "schema": getattr(tool_func, "json_schema", {})}

    def get_json_schemas(self):
        return [
            tool["schema"]
            for tool in self.tools.values()
            if tool["group"] == "basic" or self.groups[tool["group"]].active
        ]

    async def register_mcp_client(self, mcp_client, group_name="basic", enable_funcs=None, disable_funcs=None):
        tool_names = []
        for mcp_tool in await mcp_client.list_tools():  # expect: PL201
            if enable_funcs is not None and mcp_tool.name not in enable_funcs:
                continue
            if disable_funcs is not None and mcp_tool.name in disable_funcs:
                continue
            tool_names.append(mcp_tool.name)
            func_obj = await mcp_client.get_callable_function(func_name=mcp_tool.name, wrap_tool_result=True)
            self.register_tool_function(tool_func=func_obj, group_name=group_name)
        return tool_names
