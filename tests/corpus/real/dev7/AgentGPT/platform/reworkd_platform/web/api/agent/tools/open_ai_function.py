"""Reconstruction of reworkd/AgentGPT@18b073ab05b2902e1d052c3d2799786d8623b5e5:platform/reworkd_platform/web/api/agent/tools/open_ai_function.py (lines 18-43), trimmed; not the original text."""

from reworkd_platform.web.api.agent.tools.tools import get_tool_name


def get_tool_function(tool) -> dict:
    return {
        "name": get_tool_name(tool),
        "description": tool.description,
        "parameters": {
            "type": "object",
            "properties": {
                "reasoning": {"type": "string", "description": "Reasoning is how the task will be accomplished with the current function."},
                "arg": {"type": "string", "description": tool.arg_description},
            },
            "required": ["reasoning", "arg"],
        },
    }
