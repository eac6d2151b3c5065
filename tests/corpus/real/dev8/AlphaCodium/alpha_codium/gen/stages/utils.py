"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/gen/stages/utils.py (lines 6-23), trimmed; not the original text."""


def set_configurations(problem, iteration=0):
    problem = {k: problem.get(k) for k in ["name", "description", "public_tests"]}
    problem["iteration"] = iteration
    problem["passed_tests"] = {"inputs": [], "outputs": []}
    head, sep, _ = problem["description"].partition("\nExamples\n")
    problem["description_short"] = head.strip() if sep else problem["description"]
    return problem
