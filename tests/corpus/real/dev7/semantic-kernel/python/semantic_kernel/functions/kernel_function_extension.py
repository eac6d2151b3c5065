"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/functions/kernel_function_extension.py (lines 64-125, 337-368), trimmed; not the original text."""

from semantic_kernel.functions.kernel_plugin import KernelPlugin


class KernelFunctionExtension:
    def __init__(self):
        self.plugins: dict[str, KernelPlugin] = {}

    def add_plugin(self, plugin, plugin_name: str | None = None, parent_directory: str | None = None):
        if isinstance(plugin, KernelPlugin):
            self.plugins[plugin.name] = plugin
            return plugin
        if parent_directory:
            self.plugins[plugin_name] = KernelPlugin.from_directory(plugin_name=plugin_name, parent_directory=parent_directory)
        else:
            self.plugins[plugin_name] = KernelPlugin.from_object(plugin_name=plugin_name, plugin_instance=plugin)
        return self.plugins[plugin_name]

    def get_list_of_function_metadata_bool(self, include_prompt: bool = True, include_native: bool = True) -> list:
        if not self.plugins:
            return []
        return [
            func.metadata
            for plugin in self.plugins.values()
            for func in plugin.functions.values()
            if (include_prompt and func.is_prompt) or (include_native and not func.is_prompt)
        ]
