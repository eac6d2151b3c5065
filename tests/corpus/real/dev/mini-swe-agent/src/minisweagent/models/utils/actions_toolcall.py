"""Reconstruction of SWE-agent/mini-swe-agent@a83fcae82d2a08f0ee0c688f9d137b3566c097f8:src/minisweagent/models/utils/actions_toolcall.py
(lines 1-113), trimmed; not the original text.
"""

import json
import time

from jinja2 import StrictUndefined, Template

BASH_TOOL = {
    "type": "function",
    "function": {
        "name": "bash",
        "description": "Run one bash command",
        "parameters": {
            "type": "object",
            "properties": {"command": {"type": "string", "description": "The command to run"}},
            "required": ["command"],
        },
    },
}


def parse_toolcall_actions(tool_calls: list, *, format_error_template: str) -> list[dict]:
    actions = []
    for tool_call in tool_calls:
        args = json.loads(tool_call.function.arguments)
        actions.append({"command": args["command"], "tool_call_id": tool_call.id})
    return actions


def format_toolcall_observation_messages(
    *, actions: list[dict], outputs: list[dict], observation_template: str, template_vars: dict | None = None
) -> list[dict]:
    results = []
    for action, output in zip(actions, outputs):
        content = Template(observation_template, undefined=StrictUndefined).render(output=output, **(template_vars or {}))
        # clean: the timestamp lives in "extra", which the model classes strip before sending
        msg = {
            "content": content,
            "extra": {
                "raw_output": output.get("output", ""),
                "returncode": output.get("returncode"),
                "timestamp": time.time(),
            },
        }
        if "tool_call_id" in action:
            msg["tool_call_id"] = action["tool_call_id"]
            msg["role"] = "tool"
        else:
            msg["role"] = "user"
        results.append(msg)
    return results
