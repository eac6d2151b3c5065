"""Reconstruction of SciPhi-AI/R2R@9c5a94d151f90876bd7eb860f300a8fd662dc481:py/core/base/agent/tools/registry.py (lines 98-167), trimmed; not the original text."""

import importlib
import inspect
import os


class ToolRegistry:
    def _discover_user_tools(self):
        user_tools_pkg_name = os.path.basename(self.user_tools_path)
        for filename in os.listdir(self.user_tools_path):
            if not filename.endswith(".py") or filename.startswith(("_", ".")):
                continue
            module = importlib.import_module(f"{user_tools_pkg_name}.{filename[:-3]}")
            for _name, obj in inspect.getmembers(module, inspect.isclass):
                if issubclass(obj, self.tool_base) and obj.__module__ == module.__name__ and obj is not self.tool_base:
                    self._user_tools[obj().name] = obj

    def list_available_tools(self, include_built_in=True, include_user=True) -> list[str]:
        tools: set[str] = set()
        if include_built_in:
            tools.update(self._built_in_tools.keys())
        if include_user:
            tools.update(self._user_tools.keys())
        return sorted(list(tools))
