"""Reconstruction of OpenBMB/AgentVerse@f90c4bd9680fdd3bcff8c52c9170911a59b23478:agentverse/environments/simulation_env/rules/selector/sde_team.py (lines 28-60), trimmed; not the original text."""

import json
from typing import List

from agentverse.environments.simulation_env.rules.selector.base import BaseSelector
from agentverse.message import Message


def extract(text: str, keyword: str) -> str:
    return text.split(keyword, 1)[-1]


class SdeTeamSelector(BaseSelector):
    def select_message(self, environment, messages: List[Message]) -> List[Message]:
        last_sender = environment.last_messages[0].sender
        selected = messages
        if last_sender == "unit_test_generator":
            unit_tests = set()
            for message in selected:
                unit_test = extract(message.content, "<unit test>:")
                if unit_test not in unit_tests:
                    unit_tests.add(unit_test)
            unit_tests = list(unit_tests)
            environment.rule_params["unit_tests"] = str(unit_tests)
            selected = [Message(content="", sender="unit_test_generator", receiver=[])]
        elif last_sender == "code_writer":
            from .code_api import execute_unit_tests
            cur_code = extract(selected[0].content, "<code>:")
            feedback = execute_unit_tests(cur_code, eval(environment.rule_params["unit_tests"]))
            selected[0].content = f"<current code>:\n\n{cur_code}\n\n<unit test feedback>:\n{feedback}"
            if json.loads(feedback)["is_passing"]:
                environment.rule_params["end_flag"] = True
        return selected
