"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/gen/stages/run_initial_code_generation.py (lines 12-73), trimmed; not the original text."""

from alpha_codium.gen.stages.run_initial_solve import run_initial_solve
from alpha_codium.gen.stages.run_tests import run_tests
from alpha_codium.settings.config_loader import get_settings


async def run_initial_code_generation(self, problem):
    max_attempts = get_settings().get("initial_code_generation.max_attempts", 5)
    counter = 0
    test_input = problem["public_tests"]["input"]
    test_output = problem["public_tests"]["output"]
    problem = await run_initial_solve(self, problem)
    problem, passed_tests = run_tests(self, problem, counter, test_input, test_output)
    while not passed_tests:
        counter += 1
        if counter > max_attempts:
            break
        s_best_solution_original = problem["s_best_solution"]
        if counter > 1 and "s_possible_solutions" in problem:
            # the next attempt is asked for another of the listed solutions (after the description)
            problem["s_best_solution"] = problem["s_possible_solutions"][
                counter % len(problem["s_possible_solutions"])
            ]
        problem = await run_initial_solve(self, problem)
        problem["s_best_solution"] = s_best_solution_original
        problem, passed_tests = run_tests(self, problem, counter, test_input, test_output)
    return problem
