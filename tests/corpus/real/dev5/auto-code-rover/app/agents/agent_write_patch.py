"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/agents/agent_write_patch.py (lines 29-42, 86-323), trimmed; not the original text."""

from collections import defaultdict
from copy import deepcopy

from app.agents import agent_common
from app.data_structures import MessageThread
from app.model import common

SYSTEM_PROMPT = """You are a software developer maintaining a large project.
Your task is to write a patch that resolves this issue.
"""

USER_PROMPT_INIT = """Write a patch for the issue, based on the relevant code context.
Return the patch in the format below.
"""


class PatchAgent:
    def __init__(self, issue_stmt: str, context_thread: MessageThread, bug_locs: list[str]) -> None:
        self.issue_stmt = issue_stmt
        self.context_thread = context_thread
        self.bug_locs = bug_locs
        self._request_idx = -1
        self._responses: dict[str, str] = {}
        self._feedbacks: dict[str, list[str]] = defaultdict(list)
        self._history: list[str] = []

    def write_applicable_patch_with_feedback(self, max_feedbacks: int = 1, retries: int = 3) -> str:
        return self._write_applicable_patch(max_feedbacks=max_feedbacks, retries=retries)

    def add_feedback(self, handle: str, feedback: str) -> None:
        self._feedbacks[handle].append(feedback)

    def _write_applicable_patch(self, max_feedbacks: int, retries: int) -> str:
        max_feedbacks = max_feedbacks if max_feedbacks >= 0 else len(self._history)
        num_feedbacks = min(max_feedbacks, len(self._history))
        history_handles = self._history[-num_feedbacks:]  # expect: PL301
        for _ in range(retries):
            applicable, response = self._write_patch(history_handles)
            self._request_idx += 1
            if applicable:
                handle = str(self._request_idx)
                self._responses[handle] = response
                self._history.append(handle)
                return handle
        raise RuntimeError("no applicable patch")

    def _write_patch(self, history_handles: list[str]) -> tuple[bool, str]:
        thread = self._construct_init_thread()
        for handle in history_handles:
            feedbacks = self._feedbacks.get(handle, [])
            if not feedbacks:
                continue
            thread.add_model(self._responses[handle])
            for feedback in feedbacks:
                thread.add_user(feedback)
        thread.add_user(USER_PROMPT_INIT)
        patch_resp, *_ = common.SELECTED_MODEL.call(thread.to_msg())
        thread.add_model(patch_resp)
        return "<patched>" in patch_resp, patch_resp

    def _construct_init_thread(self) -> MessageThread:
        if self.bug_locs:
            thread = MessageThread()
            thread.add_system(SYSTEM_PROMPT)
            thread.add_user(f"Here is the issue:\n{self.issue_stmt}")
            thread.add_user("Here are the possible buggy locations:\n" + "\n\n".join(self.bug_locs))
        else:
            thread = MessageThread(deepcopy(self.context_thread.messages))
            thread = agent_common.replace_system_prompt(thread, SYSTEM_PROMPT)
        return thread


def generator(context_thread: MessageThread):
    new_thread = MessageThread(messages=deepcopy(context_thread.messages))
    new_thread = agent_common.replace_system_prompt(new_thread, SYSTEM_PROMPT)
    new_thread.add_user(USER_PROMPT_INIT)
    while True:
        res_text, *_ = common.SELECTED_MODEL.call(new_thread.to_msg())
        new_thread.add_model(res_text)
        validation_msg = yield res_text
        new_thread.add_user(f"Your patch is invalid. {validation_msg}. Please try again:\n\n{USER_PROMPT_INIT}")
