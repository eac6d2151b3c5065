"""Reconstruction of OpenAutoCoder/Agentless@5ce5888b9f149beaace393957a55ea8ee46c9f71:agentless/test/generate_reproduction_tests.py (lines 18-64, 95-210), trimmed; not the original text."""

from agentless.util.model import make_model

generate_tests_prompt_template = """
We are fixing this issue in our repository:
--- BEGIN ISSUE ---
{problem_statement}
--- END ISSUE ---

Write one complete test that reproduces the issue. It must:
1. import what it needs
2. run the code the issue describes
3. print "Issue reproduced" when the bug shows
4. print "Issue resolved" when the bug is gone
5. print "Other issues" on anything else

For example:

```python
from calc import divide

def test_divide_by_zero() -> None:
    try:
        result = divide(1, 0)
    except Exception:
        print("Other issues")
        return
    if result is None:
        print("Issue reproduced")
    else:
        print("Issue resolved")

test_divide_by_zero()
```

Wrap the test in ```python...```.
"""


def gen_test(instance_id, args, problem_statement, logger):
    message = generate_tests_prompt_template.format(problem_statement=problem_statement).strip()
    greedy = make_model(args.model, args.backend, logger, max_tokens=4096, temperature=0)
    responses = [greedy.codegen(message, num_samples=1)[0]]
    if args.max_samples > 1:
        sampler = make_model(
            args.model, args.backend, logger, batch_size=args.max_samples - 1, max_tokens=4096, temperature=0.8
        )
        responses.extend(sampler.codegen(message, num_samples=args.max_samples - 1))
    return responses
