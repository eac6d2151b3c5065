"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/validation/tiny_person_validator.py (lines 26-112), trimmed; not the original text."""

import json
import os
import textwrap

import chevron

from tinytroupe.clients.openai_client import client


class TinyPersonValidator:
    @staticmethod
    def validate_person(person, expectations=None, include_agent_spec=True):
        current_messages = []
        path = os.path.join(os.path.dirname(__file__), "prompts/check_person.mustache")
        with open(path, "r", encoding="utf-8", errors="replace") as f:
            system_prompt = chevron.render(f.read(), {"expectations": expectations})
        user_prompt = textwrap.dedent(
            """
            Using the characteristics below and the rules above, interview the person.
            """
        )
        if include_agent_spec:
            user_prompt += f"\n\n{json.dumps(person._persona, indent=4)}"
        current_messages.append({"role": "system", "content": system_prompt})
        current_messages.append({"role": "user", "content": user_prompt})
        message = client().send_message(current_messages)
        for _ in range(10):
            questions_text = message["content"]
            # questions and the person's answers are appended turn by turn
            current_messages.append({"role": "assistant", "content": questions_text})
            person.listen_and_act(questions_text)
            responses = person.pop_actions_and_get_contents_for("TALK", False)
            current_messages.append({"role": "user", "content": responses})
            message = client().send_message(current_messages)
        return message
