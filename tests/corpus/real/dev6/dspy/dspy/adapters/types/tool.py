"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/adapters/types/tool.py (lines 80-122, 156-168), trimmed; not the original text."""

import inspect

from pydantic import BaseModel, TypeAdapter


class Tool:
    def _parse_function(self, func, arg_desc=None):
        sig = inspect.signature(func)
        hints = {k: p.annotation for k, p in sig.parameters.items()}
        args = {}
        for k, v in hints.items():
            if isinstance(v, type) and issubclass(v, BaseModel):
                args[k] = v.model_json_schema()
            else:
                args[k] = TypeAdapter(v).json_schema()
        self.args = args

    def format_as_litellm_function_call(self):
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.desc,
                "parameters": {"type": "object", "properties": self.args, "required": list(self.args)},
            },
        }
