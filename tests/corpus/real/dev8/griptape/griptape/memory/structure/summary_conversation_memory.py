"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/memory/structure/summary_conversation_memory.py (lines 48-107), trimmed; not the original text."""

from __future__ import annotations

from attrs import define, field

from griptape.common import Message, PromptStack
from griptape.memory.structure.base_conversation_memory import BaseConversationMemory
from griptape.utils import J2


@define
class SummaryConversationMemory(BaseConversationMemory):
    offset: int = field(default=1, kw_only=True)
    prompt_driver: object = field(default=None, kw_only=True)
    summary: str | None = field(default=None, kw_only=True)
    summary_index: int = field(default=0, kw_only=True)

    def to_prompt_stack(self, last_n: int | None = None) -> PromptStack:
        stack = PromptStack()
        if self.summary:
            stack.add_user_message(J2("memory/conversation/summary.j2").render(summary=self.summary))
        for r in self.unsummarized_runs(last_n):
            stack.add_user_message(r.input)
            stack.add_assistant_message(r.output)
        return stack

    def unsummarized_runs(self, last_n: int | None = None) -> list:
        summary_index_runs = self.runs[self.summary_index :]
        if last_n:
            last_n_runs = self.runs[-last_n:]
            if len(summary_index_runs) > len(last_n_runs):
                return last_n_runs
        return summary_index_runs

    def try_add_run(self, run: object) -> None:
        self.runs.append(run)
        unsummarized_runs = self.unsummarized_runs()
        runs_to_summarize = unsummarized_runs[: max(0, len(unsummarized_runs) - self.offset)]  # expect: PL301

        if len(runs_to_summarize) > 0:
            self.summary = self.summarize_runs(self.summary, runs_to_summarize)
            self.summary_index = 1 + self.runs.index(runs_to_summarize[-1])

    def summarize_runs(self, previous_summary: str | None, runs: list) -> str | None:
        if len(runs) > 0:
            summary = J2("memory/conversation/summarize_conversation.j2").render(summary=previous_summary, runs=runs)
            return self.prompt_driver.run(PromptStack(messages=[Message(summary, role=Message.USER_ROLE)])).to_text()
        return previous_summary
