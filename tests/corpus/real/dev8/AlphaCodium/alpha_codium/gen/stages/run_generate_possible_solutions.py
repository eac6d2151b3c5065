"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/gen/stages/run_generate_possible_solutions.py (lines 14-40), trimmed; not the original text."""

import functools

import yaml

from alpha_codium.gen.utils import load_yaml
from alpha_codium.llm.ai_invoker import send_inference
from alpha_codium.settings.config_loader import get_settings


async def run_generate_possible_solutions(self, problem):
    problem["max_num_of_possible_solutions"] = get_settings().get(
        "possible_solutions.max_num_of_possible_solutions"
    )
    f = functools.partial(
        self._run, problem=problem, prompt="code_contests_prompt_generate_possible_solutions"
    )
    response_possible_solutions, _ = await send_inference(f)
    solutions_yaml = load_yaml(response_possible_solutions)
    if get_settings().get("possible_solutions.remove_bruce_force_solutions"):
        for i, s in enumerate(solutions_yaml["possible_solutions"]):
            if "brute" in s["name"].lower():
                solutions_yaml["possible_solutions"].pop(i)
                # re-dumped once, in the order the model wrote the keys, and kept for the next stages
                response_possible_solutions = yaml.dump(solutions_yaml, sort_keys=False, line_break="\n")
                break
    problem["s_possible_solutions"] = solutions_yaml["possible_solutions"]
    problem["s_possible_solutions_str"] = response_possible_solutions.split("possible_solutions:")[1].strip()
    return problem
