"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/agent/action_generator.py (lines 95-127, 303-413, 580-625), trimmed; not the original text."""

import json

from tinytroupe.clients.openai_client import client


class CognitiveActionsModel:
    """Stands for the pydantic response model of the original."""


class ActionGenerator:
    def __init__(self):
        self.total_actions_produced = 0
        self.quality_threshold = 5

    def generate_next_actions(self, agent, current_messages: list):
        return self.generate_next_action(agent, current_messages)

    def generate_next_action(self, agent, current_messages: list):
        # a copy with each content serialised: strings and the stimulus dict built by the agent
        current_messages = [
            {"role": msg["role"], "content": json.dumps(msg["content"])}
            for msg in current_messages
        ]
        return self._generate_tentative_action(agent, current_messages)

    def _generate_tentative_action(self, agent, current_messages, feedback_from_previous_attempt=None, previous_tentative_action=None):
        self.total_actions_produced += 1
        current_messages_context = current_messages.copy()
        if feedback_from_previous_attempt:
            # a failed quality check: the feedback goes after everything already sent
            current_messages_context.append(
                {
                    "role": "user",
                    "content": f"""
                        Your tentative action failed the quality checks:
                        {previous_tentative_action}
                        Try again, differently, or issue DONE.
                        {feedback_from_previous_attempt}
                        """,
                }
            )
            current_messages_context.append({"role": "system", "content": "Now generate a better action, ending with DONE."})
        next_message = client().send_message(current_messages_context, response_format=CognitiveActionsModel)
        content = json.loads(next_message["content"])
        return content["actions"], next_message["role"], content

    def _check_proposition(self, agent, proposition, tentative_action, enable_proposition_check=True):
        # quality checks (ENABLE_QUALITY_CHECKS, off by default) score each tentative action
        if not enable_proposition_check:
            return True, 9, "check disabled"
        result = proposition.score(target=agent, claim_variables={"action": tentative_action})
        return result >= self.quality_threshold, result, f"Score = {result}"
