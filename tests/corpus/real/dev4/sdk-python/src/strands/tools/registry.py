"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/tools/registry.py (lines 38-45, 198-236, 238-260, 337-360, 462-500, 573-581), trimmed; not the original text.

With load_tools_from_directory=True, the modules of ./tools/ are registered in the order
Path.glob yields them, and the registry's insertion order is the order of the tool specs sent
on every model call (event_loop.py 389).
"""

from importlib import import_module
from pathlib import Path


class ToolRegistry:
    def __init__(self):
        self.registry = {}
        self.dynamic_tools = {}
        self.tool_config = None

    def register_tool(self, tool):
        self.registry[tool.tool_name] = tool

    def get_tools_dirs(self):
        return [Path.cwd() / "tools"]

    def discover_tool_modules(self):
        tool_modules = {}
        for tools_dir in self.get_tools_dirs():
            for item in tools_dir.glob("*.py"):  # expect: PL201
                if item.is_file() and not item.name.startswith("__"):
                    tool_modules[item.stem] = item
        return tool_modules

    def initialize_tools(self, load_tools_from_directory=False):
        for tool_name, tool_path in self.discover_tool_modules().items():
            if not load_tools_from_directory:
                continue
            module = import_module(tool_name)
            for function_tool in getattr(module, "TOOLS", []):
                self.register_tool(function_tool)

    def get_all_tools_config(self):
        tool_config = {}
        for tool_name, tool in self.registry.items():
            tool_config[tool_name] = dict(tool.tool_spec)
        for tool_name, tool in self.dynamic_tools.items():
            if tool_name not in tool_config:
                tool_config[tool_name] = dict(tool.tool_spec)
        return tool_config

    def get_all_tool_specs(self):
        return [tool_spec for tool_spec in self.get_all_tools_config().values()]
