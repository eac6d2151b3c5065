"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:XAgent/agent/base_agent.py (lines 14-155), trimmed; not the original text."""

from copy import deepcopy

import json5

from XAgent.ai_functions import objgenerator
from XAgent.config import CONFIG


class BaseAgent:
    def __init__(self, config, prompt_messages=None):
        self.config = config
        self.prompt_messages = prompt_messages

    def fill_in_placeholders(self, placeholders: dict):
        filled_messages = deepcopy(self.prompt_messages)
        for message in filled_messages:
            if message.role in placeholders:
                for key, value in placeholders[message.role].items():
                    message.content = message.content.replace("{{" + str(key) + "}}", str(value))
        return filled_messages

    def generate(self, messages, arguments=None, functions=None, function_call=None, stop=None, *args, **kwargs):
        messages = [m.raw() if hasattr(m, "raw") else m for m in messages]
        if functions is not None and len(functions) == 1 and function_call is None:
            function_call = {"name": functions[0]["name"]}
        if arguments is not None:
            if not functions:
                functions = [{"name": "reasoning", "parameters": arguments}]
                function_call = {"name": "reasoning"}
            elif len(functions) == 1:
                for k, v in arguments["properties"].items():
                    functions[0]["parameters"]["properties"][k] = v
                    if k in arguments["required"]:
                        functions[0]["parameters"]["required"].append(k)
        response = objgenerator.chatcompletion(messages=messages, functions=functions, function_call=function_call, stop=stop, *args, **kwargs)
        message = {"function_call": json5.loads(response["choices"][0]["message"]["function_call"]["arguments"])}
        return message, response["usage"]
