"""Reconstruction of n3d1117/chatgpt-telegram-bot@df4dcaa26923dee560ef8f9b4f18a682c9b059ad:bot/plugin_manager.py (lines 1-72), trimmed; not the original text."""
import json

from plugins.ddg_image_search import DDGImageSearchPlugin
from plugins.weather import WeatherPlugin


class PluginManager:
    def __init__(self, config):
        enabled_plugins = config.get('plugins', [])
        plugin_mapping = {
            'weather': WeatherPlugin,
            'ddg_image_search': DDGImageSearchPlugin,
        }
        self.plugins = [plugin_mapping[plugin]() for plugin in enabled_plugins if plugin in plugin_mapping]

    def get_functions_specs(self):
        return [spec for specs in map(lambda plugin: plugin.get_spec(), self.plugins) for spec in specs]

    async def call_function(self, function_name, helper, arguments):
        plugin = self.__get_plugin_by_function_name(function_name)
        if not plugin:
            return json.dumps({'error': f'Function {function_name} not found'})
        return json.dumps(await plugin.execute(function_name, helper, **json.loads(arguments)), default=str)

    def __get_plugin_by_function_name(self, function_name):
        return next((plugin for plugin in self.plugins
                    if function_name in map(lambda spec: spec.get('name'), plugin.get_spec())), None)
