"""Reconstruction of SWE-agent/SWE-agent@3ea751c087f32b16e039a2233dd6eefecef325d5:sweagent/tools/tools.py
(lines 166-195), trimmed; not the original text.
"""

from functools import cached_property
from typing import Any


class ToolConfig:
    def __init__(self, bundles: list[Any], enable_bash_tool: bool = True, bash_command: Any = None):
        self.bundles = bundles
        self.enable_bash_tool = enable_bash_tool
        self.bash_command = bash_command

    @cached_property
    def commands(self) -> list[Any]:
        commands = [self.bash_command] if self.enable_bash_tool else []
        for bundle in self.bundles:
            commands.extend(bundle.commands)
        return commands

    @cached_property
    def tools(self) -> list[dict]:
        # clean: the bundles' commands in configuration order, computed once
        return [command.get_function_calling_tool() for command in self.commands]
