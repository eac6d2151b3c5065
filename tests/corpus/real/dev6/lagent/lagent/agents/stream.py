"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/agents/stream.py (lines 41-53), trimmed; not the original text."""

import json
from copy import deepcopy


def get_plugin_prompt(actions, api_desc_template="{description}"):
    plugin_descriptions = []
    for action in actions if isinstance(actions, list) else [actions]:
        action_desc = deepcopy(action.description)
        if action.is_toolkit:
            for api in action_desc["api_list"]:
                api["name"] = f"{action.name}.{api['name']}"
                api["description"] = api_desc_template.format(tool_name=action.name, description=api["description"])
                plugin_descriptions.append(api)
        else:
            plugin_descriptions.append(action_desc)
    return json.dumps(plugin_descriptions, ensure_ascii=False, indent=4)
