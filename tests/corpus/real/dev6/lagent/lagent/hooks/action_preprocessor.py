"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/hooks/action_preprocessor.py (lines 44-62), trimmed; not the original text."""

from copy import deepcopy


class InternLMActionProcessor:
    def __init__(self, code_parameter: str = "command"):
        self.code_parameter = code_parameter

    def before_action(self, executor, message, session_id):
        message = deepcopy(message)
        assert set(message.formatted).issuperset({"tool_type", "thought", "action", "status"})
        if isinstance(message.formatted["action"], str):
            action_name = next(iter(executor.actions))
            parameters = {self.code_parameter: message.formatted["action"]}
            message.formatted["action"] = dict(name=action_name, parameters=parameters)
        message.content = message.formatted["action"]
        return message
