"""Reconstruction of OpenAutoCoder/Agentless@5ce5888b9f149beaace393957a55ea8ee46c9f71:agentless/test/select_regression_tests.py (lines 15-115), trimmed; not the original text."""

from agentless.util.model import make_model

MAX_CONTEXT_LENGTH = 128000

select_tests_prompt_template = """
We are fixing this issue in our repository:
--- BEGIN ISSUE ---
{problem_statement}
--- END ISSUE ---

These tests exist in the repository:
```
{passing_tests}
```

Which of them should not be run once the fix is applied (their behaviour may change)?
Return only their names, one per line.
"""


def select_test(instance_id, args, problem_statement, passing_tests, logger):
    message = select_tests_prompt_template.format(
        problem_statement=problem_statement, passing_tests="\n".join(passing_tests)
    ).strip()
    model = make_model(args.model, args.backend, logger, max_tokens=1024, temperature=0)
    while len(message) // 4 >= MAX_CONTEXT_LENGTH:
        passing_tests = passing_tests[: len(passing_tests) // 2]
        message = select_tests_prompt_template.format(
            problem_statement=problem_statement, passing_tests="\n".join(passing_tests)
        ).strip()
    return model.codegen(message, num_samples=1)[0]
