"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/gen/coding_competitor.py (lines 22-101), trimmed; not the original text."""

import asyncio

from jinja2 import Environment, StrictUndefined

from alpha_codium.gen.stages.run_generate_possible_solutions import run_generate_possible_solutions
from alpha_codium.gen.stages.run_initial_code_generation import run_initial_code_generation
from alpha_codium.gen.stages.run_self_reflect import run_self_reflect
from alpha_codium.gen.stages.utils import set_configurations
from alpha_codium.llm.ai_handler import AiHandler
from alpha_codium.settings.config_loader import get_settings


class CodeContestsCompetitor:
    def __init__(self):
        self.prompt = {}
        for set in get_settings():
            if "code_contests_prompt" in set.lower():
                self.prompt[set.lower()] = get_settings()[set]
        self.ai_handler = AiHandler()

    def render(self, problem_json, prompt: str):
        # each stage's template (TOML): a short fixed system text; the user text starts with the
        # problem description and ends with a few hundred tokens of fixed instructions
        environment = Environment(undefined=StrictUndefined)
        environment.globals["zip"] = zip
        environment.globals["enumerate"] = enumerate
        sys_prompt = environment.from_string(self.prompt[prompt].system).render(problem_json)
        usr_prompt = environment.from_string(self.prompt[prompt].user).render(problem_json)
        temperature = getattr(self.prompt[prompt], "temperature", 0.2)
        frequency_penalty = getattr(self.prompt[prompt], "frequency_penalty", None)
        return sys_prompt, usr_prompt, temperature, frequency_penalty

    async def _run(self, model, problem, prompt: str = "code_contests_prompt_reflect"):
        system_prompt, user_prompt, temperature, frequency_penalty = self.render(problem, prompt)
        if frequency_penalty is None:
            frequency_penalty = get_settings().get("config.frequency_penalty")
        response, finish_reason = await self.ai_handler.chat_completion(
            model=model,
            system=system_prompt,
            user=user_prompt,
            temperature=temperature,
            frequency_penalty=frequency_penalty,
        )
        return response, finish_reason

    async def run(self, problem, iteration=0):
        problem = set_configurations(problem, iteration)
        problem = await run_self_reflect(self, problem)
        problem = await run_generate_possible_solutions(self, problem)
        problem = await run_initial_code_generation(self, problem)
        return problem["code_recent_solution"]

    def solve_problem_in_dataset(self, example, iteration=0):
        problem = {k: example.get(k) for k in ["name", "description", "public_tests"]}
        return asyncio.run(self.run(problem=problem, iteration=iteration))
