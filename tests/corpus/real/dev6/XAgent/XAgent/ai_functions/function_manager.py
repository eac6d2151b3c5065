"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:XAgent/ai_functions/function_manager.py (lines 50-130), trimmed; not the original text."""

import json5

from XAgent.ai_functions.request import objgenerator
from XAgent.config import CONFIG


class FunctionManager:
    def __init__(self, function_cfgs: dict):
        # the configs come from the yml files under ai_functions/functions
        self.function_cfgs = function_cfgs

    def get_function_schema(self, function_name: str):
        return self.function_cfgs.get(function_name, None)

    def execute(self, function_name: str, return_generation_usage: bool = False, function_cfg: dict = None, **kwargs):
        if function_cfg is None and function_name in self.function_cfgs:
            function_cfg = self.function_cfgs.get(function_name)
        else:
            raise KeyError(f"Configure for function {function_name} not found.")
        completions_kwargs = function_cfg.get("completions_kwargs", {})
        function_prompt = str(function_cfg["function_prompt"]).format(**kwargs)
        messages = [{"role": "user", "content": function_prompt}]
        response = objgenerator.chatcompletion(
            messages=messages,
            functions=[function_cfg["function"]],
            function_call={"name": function_cfg["function"]["name"]},
            **completions_kwargs,
        )
        returns = json5.loads(response["choices"][0]["message"]["function_call"]["arguments"])
        if return_generation_usage:
            return returns, response["usage"]
        return returns
