"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:swarm/util.py (lines 31-87), trimmed; not the original text."""

import inspect


def function_to_json(func) -> dict:
    type_map = {str: "string", int: "integer", float: "number", bool: "boolean", list: "array", dict: "object", type(None): "null"}
    signature = inspect.signature(func)
    parameters = {}
    # clean: the function's own signature, in its written order
    for param in signature.parameters.values():
        parameters[param.name] = {"type": type_map.get(param.annotation, "string")}
    required = [param.name for param in signature.parameters.values() if param.default == inspect._empty]
    return {
        "type": "function",
        "function": {
            "name": func.__name__,
            "description": func.__doc__ or "",
            "parameters": {"type": "object", "properties": parameters, "required": required},
        },
    }
