"""Reconstruction of nus-apr/auto-code-rover@3536ac292e3062ffb3f6e98457958e2b803228d6:app/agents/agent_reproducer.py (lines 69-205), trimmed; not the original text."""

import json
from collections import defaultdict
from typing import Any

from app.data_structures import MessageThread
from app.model import common

SYSTEM_PROMPT = "You are an experienced software engineer responsible for reproducing given issues."
INITIAL_REQUEST = "Please try to write a standalone python file reproduce.py to reproduce the issue."


class TestAgent:
    def __init__(self, task: Any) -> None:
        self.task = task
        self._responses: dict[str, str] = {}
        self._feedbacks: dict[str, list[str]] = defaultdict(list)
        self._history: list[str] = []
        self._non_repro_history: list[str] = []

    def write_reproducing_test_without_feedback(self, retries: int = 3) -> str | None:
        return self._write_reproducing_test(num_feedbacks=1, retries=retries)

    def _write_reproducing_test(self, num_feedbacks: int, retries: int) -> str | None:
        if not self._issue_has_reproduction_steps(self.task.get_issue_statement()):
            return None
        for idx in range(retries):
            handles = self._select_feedback_handles(num_feedbacks)
            response = self._write_test(handles)
            handle = str(idx)
            self._responses[handle] = response
            self._non_repro_history.append(handle)
            self._feedbacks[handle].append(self.task.run_reproducer(response))
        return None

    @classmethod
    def _issue_has_reproduction_steps(cls, issue_statement: str) -> bool:
        prefix_thread = MessageThread()
        prefix_thread.add_system(SYSTEM_PROMPT)
        prefix_thread.add_user(f"Here is an issue:\n\n{issue_statement}")
        prefix_thread.add_user('Does the issue contain a reproducible example? Answer in Json: {"has-reproducible-example": ...}')
        response, *_ = common.SELECTED_MODEL.call(prefix_thread.to_msg(), response_format="json_object")
        return bool(json.loads(response)["has-reproducible-example"])

    def _select_feedback_handles(self, max_num_feedbacks: int) -> list[str]:
        if 0 <= max_num_feedbacks <= len(self._history):
            return self._history[-max_num_feedbacks:]  # expect: PL301
        elif max_num_feedbacks <= len(self._history) + len(self._non_repro_history):
            num_non_repro = max_num_feedbacks - len(self._history)
            return [
                *self._non_repro_history[-num_non_repro:],  # expect: PL301
                *self._history,
            ]
        return [*self._non_repro_history, *self._history]

    def _write_test(self, history_handles: list[str]) -> str:
        thread = self._construct_init_thread()
        if any(handle in self._feedbacks for handle in history_handles):
            thread.add_user(INITIAL_REQUEST)
        for handle in history_handles:
            if feedbacks := self._feedbacks.get(handle, []):
                thread.add_model(self._responses[handle])
                for feedback in feedbacks:
                    thread.add_user(feedback)
        thread.add_user(INITIAL_REQUEST)
        response, *_ = common.SELECTED_MODEL.call(thread.to_msg())
        return response

    def _construct_init_thread(self) -> MessageThread:
        thread = MessageThread()
        thread.add_system(SYSTEM_PROMPT)
        thread.add_user(f"Here is an issue:\n\n{self.task.get_issue_statement()}")
        return thread
