"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/actions/action_executor.py (lines 12-66), trimmed; not the original text."""

from typing import Dict, List


class ActionExecutor:
    def __init__(self, actions):
        if not isinstance(actions, list):
            actions = [actions]
        self.actions = {action.name: action for action in actions}

    def description(self) -> List[Dict]:
        actions = []
        for action_name, action in self.actions.items():
            if action.is_toolkit:
                for api in action.description["api_list"]:
                    api_desc = api.copy()
                    api_desc["name"] = f"{action_name}.{api_desc['name']}"
                    actions.append(api_desc)
            else:
                actions.append(action.description.copy())
        return actions
