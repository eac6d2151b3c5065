"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/functions/kernel_plugin.py (lines 215-345), trimmed; not the original text."""

import inspect
import os
from glob import glob
from typing import Any


class KernelFunctionFromPrompt:
    @classmethod
    def from_directory(cls, path: str, encoding: str = "utf-8"):
        raise NotImplementedError

    @classmethod
    def from_yaml(cls, text: str):
        raise NotImplementedError


class KernelFunctionFromMethod:
    def __init__(self, method, plugin_name: str):
        self.method = method
        self.plugin_name = plugin_name
        self.name = getattr(method, "__kernel_function_name__", method.__name__)


class KernelPlugin:
    def __init__(self, name: str, description: str | None = None, functions: list | None = None):
        self.name = name
        self.description = description
        # functions keep the order of the list they came in
        self.functions = {f.name: f for f in functions or []}

    @classmethod
    def from_object(cls, plugin_name: str, plugin_instance: Any, description: str | None = None):
        if isinstance(plugin_instance, dict):
            candidates = list(plugin_instance.items())
        else:
            candidates = inspect.getmembers(plugin_instance, inspect.ismethod)
            candidates.extend(inspect.getmembers(plugin_instance, inspect.isfunction))
            candidates.extend(inspect.getmembers(plugin_instance, inspect.iscoroutinefunction))
        functions = [
            KernelFunctionFromMethod(method=candidate, plugin_name=plugin_name)
            for _, candidate in candidates
            if hasattr(candidate, "__kernel_function__")
        ]
        return cls(name=plugin_name, description=description or getattr(plugin_instance, "description", None), functions=functions)

    @classmethod
    def from_directory(cls, plugin_name: str, parent_directory: str, description: str | None = None, encoding: str = "utf-8"):
        plugin_directory = os.path.abspath(os.path.join(parent_directory, plugin_name))
        functions: list = []
        for object in glob(os.path.join(plugin_directory, "*")):  # expect: PL201
            if os.path.isdir(object):
                if os.path.basename(object).startswith("__"):
                    continue
                functions.append(KernelFunctionFromPrompt.from_directory(path=object, encoding=encoding))
            elif object.endswith(".yaml") or object.endswith(".yml"):
                with open(object, encoding=encoding) as file:
                    functions.append(KernelFunctionFromPrompt.from_yaml(file.read()))
        return cls(name=plugin_name, description=description, functions=functions)
