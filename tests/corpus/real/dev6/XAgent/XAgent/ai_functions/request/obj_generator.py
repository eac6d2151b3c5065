"""Reconstruction of OpenBMB/XAgent@95893d560e6edfd29527cf4a0babbd7ad4cb9f23:XAgent/ai_functions/request/obj_generator.py (lines 37-132), trimmed; not the original text."""

import importlib
from copy import deepcopy

from XAgent.config import CONFIG
from XAgent.running_recorder import recorder


class OBJGenerator:
    def __init__(self):
        self.chatcompletion_request_funcs = {}

    def chatcompletion(self, *, schema_validation=True, **kwargs):
        request_type = kwargs.pop("request_type", CONFIG.default_request_type)
        for k in list(kwargs.keys()):
            if kwargs[k] is None:
                kwargs.pop(k)
        llm_query_id = recorder.get_query_id()
        copyed_kwargs = deepcopy(kwargs)
        if (response := recorder.query_llm_inout(llm_query_id=llm_query_id, **copyed_kwargs)) is None:
            response = self._get_chatcompletion_request_func(request_type)(**kwargs)
        recorder.regist_llm_inout(llm_query_id=llm_query_id, **copyed_kwargs, output_data=response)
        return response

    def _get_chatcompletion_request_func(self, request_type: str):
        if request_type not in self.chatcompletion_request_funcs:
            module = importlib.import_module(f".{request_type}", "XAgent.ai_functions.request")
            self.chatcompletion_request_funcs[request_type] = getattr(module, "chatcompletion_request")
        return self.chatcompletion_request_funcs[request_type]

    def dynamic_json_fixes(self, broken_json, function_schema, messages: list = [], error_message: str = None):
        repair_req_kwargs = deepcopy(CONFIG.default_completion_kwargs)
        if messages[-1]["role"] == "system" and "Your last function call result in error" in messages[-1]["content"]:
            messages = messages[:-1]
        repair_req_kwargs["messages"] = [
            *messages,
            {
                "role": "system",
                "content": "\n".join(["Your last function call result in error", "--- Error ---", error_message, "Fix the broken JSON below for the function's schema.", "--- Broken Json String ---", broken_json, "Start!"]),
            },
        ]
        repair_req_kwargs["functions"] = [function_schema]
        repair_req_kwargs["function_call"] = {"name": function_schema["name"]}
        return self.chatcompletion(schema_validation=False, **repair_req_kwargs)
