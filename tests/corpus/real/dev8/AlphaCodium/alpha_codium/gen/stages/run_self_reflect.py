"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/gen/stages/run_self_reflect.py (lines 14-67), trimmed; not the original text."""

import functools

import yaml

from alpha_codium.llm.ai_invoker import send_inference


async def run_self_reflect(self, problem):
    problem["actual_number_of_tests"] = len(problem["public_tests"]["input"])
    f = functools.partial(self._run, problem=problem, prompt="code_contests_prompt_reflect")
    response_reflect, _ = await send_inference(f)
    response_reflect = response_reflect.rstrip("` \n")
    reflect_yaml = yaml.safe_load(response_reflect)
    problem["response_reflect"] = response_reflect
    problem["self_reflection"] = "- " + "\n- ".join(reflect_yaml["self_reflection"])
    problem["tests_explanations"] = reflect_yaml["tests_explanations"]
    problem["tests_explanations_str"] = response_reflect.split("tests_explanations:")[1]
    return problem
