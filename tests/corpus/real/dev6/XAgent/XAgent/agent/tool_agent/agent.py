"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:XAgent/agent/tool_agent/agent.py (lines 27-134), trimmed; not the original text."""

import json

from XAgent.agent.base_agent import BaseAgent
from XAgent.ai_functions import function_manager
from XAgent.config import CONFIG


class ToolAgent(BaseAgent):
    def parse(self, placeholders: dict = {}, arguments=None, functions=None, function_call=None, stop=None, additional_messages=[], additional_insert_index: int = -1, *args, **kwargs):
        prompt_messages = self.fill_in_placeholders(placeholders)
        messages = prompt_messages[:additional_insert_index] + additional_messages + prompt_messages[additional_insert_index:]
        messages = [message.raw() for message in messages]
        if self.config.default_request_type == "openai":
            arguments = None
            functions = list(filter(lambda x: x["name"] not in ["subtask_submit", "subtask_handle"], functions))
            if CONFIG.enable_ask_human_for_help:
                functions += [function_manager.get_function_schema("ask_human_for_help")]
            messages[0]["content"] += "\n--- Available Tools ---\nCall tools through subtask_handle.tool_call; its tool_input is JSON as described:\n{}".format(json.dumps(functions, indent=2))
            functions = [function_manager.get_function_schema("subtask_submit"), function_manager.get_function_schema("subtask_handle")]
        return self.generate(messages=messages, arguments=arguments, functions=functions, function_call=function_call, stop=stop, *args, **kwargs)
