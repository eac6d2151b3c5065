"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/memory/structure/conversation_memory.py (lines 9-20), trimmed; not the original text."""

from __future__ import annotations

from attrs import define

from griptape.common import PromptStack
from griptape.memory.structure.base_conversation_memory import BaseConversationMemory


@define
class ConversationMemory(BaseConversationMemory):
    def try_add_run(self, run: object) -> None:
        self.runs.append(run)

    def to_prompt_stack(self, last_n: int | None = None) -> PromptStack:
        prompt_stack = PromptStack()
        runs = self.runs[-last_n:] if last_n else self.runs  # expect: PL301
        for run in runs:
            prompt_stack.add_user_message(run.input)
            prompt_stack.add_assistant_message(run.output)
        return prompt_stack
