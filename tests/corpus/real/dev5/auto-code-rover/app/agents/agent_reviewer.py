"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/agents/agent_reviewer.py (lines 115-200), trimmed; not the original text."""

from copy import deepcopy

from app.data_structures import MessageThread
from app.model import common

SYSTEM_PROMPT = "You are an experienced software engineer responsible for maintaining a project."


def run_with_retries(issue_statement: str, test: str, patch: str, orig_out: str, patched_out: str, retries: int = 5):
    prefix_thread = MessageThread()
    prefix_thread.add_system(SYSTEM_PROMPT)
    prefix_thread.add_user(f"Here is the issue: <issue>{issue_statement}</issue>.\n")
    prefix_thread.add_user(f"Here is the test written by Engineer A: <test>{test}</test>.\n")
    prefix_thread.add_user(f"Here is the result of executing the test on the original buggy program:\n{orig_out}\n")
    prefix_thread.add_user(f"Here is the patch written by Engineer B: <patch>{patch}</patch>.\n")
    prefix_thread.add_user(f"Here is the result of executing the test on the patched program:\n{patched_out}.")
    prefix_thread.add_user('Is the patch correct? Answer in json: {"patch-correct": "...", "test-correct": "..."}')
    for _ in range(1, retries + 1):
        response, *_ = common.SELECTED_MODEL.call(prefix_thread.to_msg(), response_format="json_object")
        thread = deepcopy(prefix_thread)
        thread.add_model(response)
        yield response, thread
