"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:ToolServer/ToolServerNode/core/register/register.py (lines 29-175), trimmed; not the original text."""

import importlib


class ToolRegister:
    def __init__(self, config: dict = {}):
        self.tools = {}
        self.envs = {}
        for module_name in ["core.envs", "core.tools"]:
            sub_modules = importlib.import_module(module_name).__all__
            for module in sub_modules:
                for attr_name in dir(module):
                    attr = getattr(module, attr_name)
                    self.check_and_register(attr)

    def check_and_register(self, attr):
        if hasattr(attr, "tool_labels"):
            name = attr.__name__
            if name in self.tools:
                return None
            self.tools[name] = attr
            return attr
        return None

    def get_all_tools(self) -> list:
        return [name for name in self.tools if self.tools[name].tool_labels.visible]

    def get_all_tools_dict(self) -> list:
        return [self.tools[name].tool_labels.dict(name_overwrite=name) for name in self.get_all_tools()]
