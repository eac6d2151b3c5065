"""Reconstruction of Codium-ai/AlphaCodium@eb7577dbe998ae7e55696264591ac3c5dde75638:alpha_codium/gen/stages/indirect/run_fix_code_from_tests_failure.py (lines 11-35), trimmed; not the original text."""

import functools

from alpha_codium.llm.ai_invoker import send_inference


async def run_fix_code_from_tests_failure(self, problem, error_str):
    problem["error_str"] = error_str
    f = functools.partial(self._run, problem=problem, prompt="code_contests_prompt_fix_solution")
    response_fixed_code, _ = await send_inference(f)
    problem["error_str"] = ""
    response_fixed_code = response_fixed_code.rstrip("'` \n")
    if response_fixed_code.startswith("```python"):
        response_fixed_code = response_fixed_code[10:]
    problem["code_recent_solution"] = response_fixed_code
    return problem
