"""Reconstruction of Doriandarko/claude-engineer@0a9e4b309bf6b2eda05dcf073cf5094beb08e0c8:ce3.py (lines 29-453), trimmed; not the original text."""

import importlib
import inspect
import json
import pkgutil
import sys
from typing import Any, Dict, List

import anthropic

from config import Config
from prompts.system_prompts import SystemPrompts
from tools.base import BaseTool


class Assistant:
    def __init__(self):
        self.client = anthropic.Anthropic(api_key=Config.ANTHROPIC_API_KEY)
        self.conversation_history: List[Dict[str, Any]] = []
        self.temperature = getattr(Config, "DEFAULT_TEMPERATURE", 0.7)
        self.total_tokens_used = 0
        self.tools = self._load_tools()

    def _load_tools(self) -> List[Dict[str, Any]]:
        tools = []
        tools_path = getattr(Config, "TOOLS_DIR", None)
        for module_name in list(sys.modules.keys()):
            if module_name.startswith("tools.") and module_name != "tools.base":
                del sys.modules[module_name]
        for module_info in pkgutil.iter_modules([str(tools_path)]):
            if module_info.name == "base":
                continue
            module = importlib.import_module(f"tools.{module_info.name}")
            self._extract_tools_from_module(module, tools)
        return tools

    def _extract_tools_from_module(self, module, tools: List[Dict[str, Any]]) -> None:
        for name, obj in inspect.getmembers(module):
            if inspect.isclass(obj) and issubclass(obj, BaseTool) and obj != BaseTool:
                tool_instance = obj()
                tools.append(
                    {
                        "name": tool_instance.name,
                        "description": tool_instance.description,
                        "input_schema": tool_instance.input_schema,
                    }
                )

    def _execute_tool(self, tool_use):
        tool_name = tool_use.name
        tool_input = tool_use.input or {}
        module = importlib.import_module(f"tools.{tool_name}")
        tool_instance = self._find_tool_instance_in_module(module, tool_name)
        tool_result = tool_instance.execute(**tool_input) if tool_instance else f"Tool not found: {tool_name}"
        self._display_tool_usage(tool_name, tool_input, json.dumps(tool_result) if not isinstance(tool_result, str) else tool_result)
        return tool_result

    def _find_tool_instance_in_module(self, module, tool_name: str):
        for name, obj in inspect.getmembers(module):
            if inspect.isclass(obj) and issubclass(obj, BaseTool) and obj != BaseTool:
                candidate_tool = obj()
                if candidate_tool.name == tool_name:
                    return candidate_tool
        return None

    def _display_tool_usage(self, tool_name, input_data, result):
        print(tool_name, input_data, result)

    def _get_completion(self):
        response = self.client.messages.create(
            model=Config.MODEL,
            max_tokens=min(Config.MAX_TOKENS, Config.MAX_CONVERSATION_TOKENS - self.total_tokens_used),
            temperature=self.temperature,
            tools=self.tools,
            messages=self.conversation_history,
            system=f"{SystemPrompts.DEFAULT}\n\n{SystemPrompts.TOOL_USAGE}",
        )
        self.total_tokens_used += response.usage.input_tokens + response.usage.output_tokens

        if response.stop_reason == "tool_use":
            tool_results = []
            for content_block in response.content:
                if content_block.type == "tool_use":
                    result = self._execute_tool(content_block)
                    if isinstance(result, (list, dict)):
                        tool_results.append({"type": "tool_result", "tool_use_id": content_block.id, "content": result})
                    else:
                        tool_results.append(
                            {"type": "tool_result", "tool_use_id": content_block.id, "content": [{"type": "text", "text": str(result)}]}
                        )
            self.conversation_history.append({"role": "assistant", "content": response.content})
            self.conversation_history.append({"role": "user", "content": tool_results})
            return self._get_completion()

        self.conversation_history.append({"role": "assistant", "content": response.content})
        return response.content[0].text

    def chat(self, user_input):
        if isinstance(user_input, str) and user_input.lower() == "refresh":
            self.tools = self._load_tools()
            return "Tools refreshed successfully!"
        self.conversation_history.append({"role": "user", "content": user_input})
        return self._get_completion()
