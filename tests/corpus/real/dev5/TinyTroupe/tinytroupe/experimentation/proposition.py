"""Reconstruction of microsoft/TinyTroupe@8378a1138f8316031769f3a86473aa9f51677128:tinytroupe/experimentation/proposition.py (lines 17-60, 134-246, 247-396, 459-498), trimmed; not the original text."""

import json

from chevron import render

from tinytroupe.utils.llm import LLMChat


class Proposition:
    MIN_SCORE = 0
    MAX_SCORE = 9

    def __init__(self, claim, target=None, include_personas=False, first_n=None, last_n=None, double_check=False):
        self.claim = claim
        self.targets = [target] if target is not None else []
        self.include_personas = include_personas
        self.first_n = first_n
        self.last_n = last_n
        self.double_check = double_check

    def check(self, target=None, additional_context="No additional context available.", claim_variables: dict = {}):
        current_targets = [target] if target is not None else self.targets
        context = self._build_context(current_targets)
        rendered_claim = render(self.claim, claim_variables)  # expect: PL104
        self.llm_chat = LLMChat(
            system_prompt="""
                You decide whether a proposition about a multi-agent simulation is true or false in the given context.
                Start your answer with "True" or "False", then justify it with concrete details.
                """,
            user_prompt=f"""
                Is the proposition below True or False in the context that follows?

                # Proposition

                {rendered_claim}

                # Context

                {context}

                # Additional Context (if any)

                {additional_context}
                """,
            output_type=bool,
        )
        self.value = self.llm_chat.call()
        return self.value

    def score(self, target=None, additional_context="No additional context available.", claim_variables: dict = {}):
        current_targets = [target] if target is not None else self.targets
        context = self._build_context(current_targets)
        # the claim embeds the action under review (claim_variables), so it differs per request
        rendered_claim = render(self.claim, data=claim_variables)  # expect: PL104
        self.llm_chat = LLMChat(
            system_prompt=f"""
                You score from {Proposition.MIN_SCORE} to {Proposition.MAX_SCORE} how well a proposition about a
                multi-agent simulation holds in the given context. Be rigorous: when in doubt, score lower; the
                worst reading of contradictory evidence wins. Start with the integer, then justify it concretely.
                """,
            user_prompt=f"""
                Score the proposition below against the context that follows.

                # Proposition

                {rendered_claim}

                # Context

                {context}

                # Additional Context (if any)

                {additional_context}
                """,
            output_type=int,
        )
        self.value = self.llm_chat.call()
        return self.value

    def _build_context(self, current_targets):
        context = ""
        for target in current_targets:
            trajectory = target.pretty_current_interactions(first_n=self.first_n, last_n=self.last_n)
            if self.include_personas:
                context += f"## Agent '{target.name}' Persona Specification\n\n"
                context += f"persona={json.dumps(target._persona, indent=4)}\n\n"
            context += f"## Agent '{target.name}' Simulation Trajectory (if any)\n\n" + trajectory + "\n\n"
        return context

