"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:deep_agents/recency_benchmark.py
(lines 191-240), trimmed; not the original text.
"""

import json

GRADER_TEMPLATE = """You grade a technical report against ground-truth checkpoints verified from official sources; judge only whether the report agrees with them.

For each checkpoint grade the report:
- CORRECT: it states the fact or fully consistent specifics
- PARTIAL: it touches the topic but is vague or incomplete
- MISSING: it does not address the checkpoint
- WRONG: it contradicts the checkpoint

Checkpoints:
{checkpoints}

=== REPORT ===
{report}
=== END REPORT ===

Reply with JSON only: [{{"checkpoint": 1, "grade": "CORRECT|PARTIAL|MISSING|WRONG", "evidence": "..."}}]"""


def grade_report(grader, task: dict, report: str) -> list[dict]:
    checkpoints_text = "\n".join(f"{i}. {c}" for i, c in enumerate(task["checkpoints"], 1))
    # clean: the fixed grading instructions come first; the task's data follows, then one short line
    prompt = GRADER_TEMPLATE.format(checkpoints=checkpoints_text, report=report or "(empty report)")
    response = grader.invoke([{"role": "user", "content": prompt}]).content.strip()
    start, end = response.find("["), response.rfind("]")
    return json.loads(response[start : end + 1])
