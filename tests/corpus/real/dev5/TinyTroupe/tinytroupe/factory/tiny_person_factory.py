"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/factory/tiny_person_factory.py (lines 30-60, 217-412, 1370-1512), trimmed; not the original text."""

import copy
import json
import math
import os

import chevron

from tinytroupe.clients.openai_client import client
from tinytroupe.utils.llm import llm


class TinyPersonFactory:
    all_unique_names = []

    def __init__(self, context: str = None, total_population_size: int = None):
        self.person_prompt_template_path = os.path.join(os.path.dirname(__file__), "prompts/generate_person.mustache")
        self.context_text = context
        self.population_size = total_population_size
        self.remaining_characteristics_sample = None

    def generate_person(self, agent_particularities: str = None, temperature: float = 1.2, attempts: int = 10):
        if self.population_size is not None:
            sampled_characteristics = self.remaining_characteristics_sample.pop()
            agent_particularities = f"""
                - Primary characteristics: {agent_particularities}
                - Also use these characteristics where they do not conflict:
                    * {json.dumps(sampled_characteristics, indent=4)}
                """
        else:
            fresh_agent_name = self._unique_full_names(1, already_generated_names=TinyPersonFactory.all_unique_names, context=self.context_text)[0]
            agent_particularities = f"""
                - Primary characteristics: {agent_particularities}
                - Full name: {fresh_agent_name}
                """
        with open(os.path.join(os.path.dirname(__file__), "../examples/agents/Friedrich_Wolf.agent.json"), encoding="utf-8") as f:
            example_1 = json.load(f)
        with open(os.path.join(os.path.dirname(__file__), "../examples/agents/Sophie_Lefevre.agent.json"), encoding="utf-8") as f:
            example_2 = json.load(f)
        # the template puts the context, then the particularities, then the long generation rules and the two examples
        with open(self.person_prompt_template_path, "r", encoding="utf-8", errors="replace") as f:
            user_prompt = chevron.render(
                f.read(),
                {
                    "context": self.context_text,
                    "agent_particularities": agent_particularities,  # expect: PL104
                    "example_1": json.dumps(example_1["persona"], indent=4),
                    "example_2": json.dumps(example_2["persona"], indent=4),
                },
            )
        for _ in range(attempts):
            messages = [
                {"role": "system", "content": "You generate specifications of realistic people for simulations, following the rules given."},
                {"role": "user", "content": user_prompt},
            ]
            message = self._aux_model_call(messages=messages, temperature=temperature)
            if message is not None:
                return json.loads(message["content"])
        return None

    def _aux_model_call(self, messages, temperature):
        return client().send_message(messages, temperature=temperature, response_format={"type": "json_object"})

    def _unique_full_names(self, n: int, already_generated_names: list, context: str = None) -> list:
        names = []
        if n > 0:
            chunk_size = min(10, n)
            max_iterations = math.ceil(n / chunk_size) * 10
            forbidden_names = copy.deepcopy(already_generated_names)
            cur_iterations = 0
            while len(names) < n and cur_iterations < max_iterations:
                temp_names = self._aux_unique_full_names(
                    n=chunk_size, already_generated_names=forbidden_names, context=context
                )
                # set order: the forbidden list passed to the next call follows string hashing
                names = list(set(names + temp_names))
                forbidden_names += names
                cur_iterations += 1
            TinyPersonFactory.all_unique_names = list(set(TinyPersonFactory.all_unique_names + names))
        return names

    @llm()
    def _aux_unique_full_names(self, n: int, already_generated_names: list, context: str = None) -> list:
        """
        Generates n full names of people that do not appear in already_generated_names,
        realistic for the given context.

        Returns:
            list: the new names.
        """
        return lambda names: list(set(names))
