"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/actions/base_action.py (lines 97-106, 236-274), trimmed; not the original text."""

from abc import ABCMeta


def tool_api(func=None, *, exclude_arguments=None):
    exclude_arguments = set(exclude_arguments or ())
    exclude_arguments.add("self")
    func.api_description = dict(name=func.__name__, excluded=len(exclude_arguments))
    return func


class ToolMeta(ABCMeta):
    def __new__(mcs, name, base, attrs):
        is_toolkit, tool_desc = True, dict(name=name, description=attrs.get("__doc__", ""))
        for key, value in attrs.items():
            if callable(value) and hasattr(value, "api_description"):
                api_desc = value.api_description
                if key == "run":
                    tool_desc["parameters"] = api_desc.get("parameters", [])
                    is_toolkit = False
                else:
                    tool_desc.setdefault("api_list", []).append(api_desc)
        attrs["_is_toolkit"] = is_toolkit
        attrs["__tool_description__"] = tool_desc
        return super().__new__(mcs, name, base, attrs)
