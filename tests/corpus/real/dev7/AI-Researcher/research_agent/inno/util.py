"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/inno/util.py (lines 211-300), trimmed; not the original text."""

import inspect


def function_to_json(func) -> dict:
    signature = inspect.signature(func)
    properties = {name: {"type": "string"} for name in signature.parameters}
    required = [name for name, p in signature.parameters.items() if p.default is inspect._empty]
    return {
        "type": "function",
        "function": {
            "name": func.__name__,
            "description": func.__doc__ or "",
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }
