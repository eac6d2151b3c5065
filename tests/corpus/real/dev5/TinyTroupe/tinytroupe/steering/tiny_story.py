"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/steering/tiny_story.py (lines 10-165), trimmed; not the original text."""

import os

import chevron

from tinytroupe.clients.openai_client import client


def compose_initial_LLM_messages_with_templates(system_template_name, user_template_name, rendering_configs):
    folder = os.path.join(os.path.dirname(__file__), "prompts")
    with open(os.path.join(folder, system_template_name), encoding="utf-8") as f:
        system = chevron.render(f.read(), rendering_configs)
    with open(os.path.join(folder, user_template_name), encoding="utf-8") as f:
        user = chevron.render(f.read(), rendering_configs)
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


class TinyStory:
    def __init__(self, agent, purpose="Be a realistic simulation.", first_n=10, last_n=20):
        self.agent = agent
        self.purpose = purpose
        self.first_n = first_n
        self.last_n = last_n
        self.current_story = ""

    def continue_story(self, requirements="Continue the story.", number_of_words: int = 100, include_plot_twist: bool = False) -> str:
        # the system template uses only number_of_words and include_plot_twist; the trace goes into the user template
        rendering_configs = {
            "purpose": self.purpose,
            "requirements": requirements,
            "current_simulation_trace": self._current_story(),
            "number_of_words": number_of_words,
            "include_plot_twist": include_plot_twist,
        }
        messages = compose_initial_LLM_messages_with_templates(
            "story.continuation.system.mustache", "story.continuation.user.mustache", rendering_configs
        )
        continuation = client().send_message(messages)["content"]
        self.current_story += f"\n\n## The story continues\n\n{continuation}\n\n"
        return continuation

    def _current_story(self) -> str:
        history = self.agent.pretty_current_interactions(first_n=self.first_n, last_n=self.last_n)
        return self.current_story + f"\n\n## New simulation interactions to consider\n\n{history}\n"
