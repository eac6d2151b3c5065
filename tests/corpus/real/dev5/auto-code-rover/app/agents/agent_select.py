"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/agents/agent_select.py (lines 9-92), trimmed; not the original text."""

import json
from collections import Counter

from app.data_structures import MessageThread
from app.model import common

SYSTEM_PROMPT = "You are a pull request reviewer. You need to choose the one PR from multiple that actually will resolve the given issue."


def run(issue_statement: str, patch_contents: list[str]) -> int:
    model = common.MODEL_HUB["gpt-4-0125-preview"]
    prefix_thread = MessageThread()
    prefix_thread.add_system(SYSTEM_PROMPT)
    prefix_thread.add_user(f"Here is the issue: <issue>{issue_statement}</issue>.\n")
    prefix_thread.add_user("Here are some patches:")
    for idx, content in enumerate(patch_contents, start=1):
        prefix_thread.add_user(f"Patch {idx}:\n{content}")
    prefix_thread.add_user('Which patch best resolves the issue? Answer in json: {"patch_number": ..., "reason": "..."}')
    indices: Counter[int] = Counter()
    for _ in range(3):
        response, *_ = model.call(prefix_thread.to_msg(), response_format="json_object")
        try:
            indices[int(json.loads(response)["patch_number"]) - 1] += 1
        except Exception:
            indices[0] += 1
    return indices.most_common(1)[0][0]
