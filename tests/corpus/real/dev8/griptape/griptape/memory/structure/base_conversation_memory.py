"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/memory/structure/base_conversation_memory.py (lines 19-114), trimmed; not the original text."""

from __future__ import annotations

from abc import ABC, abstractmethod

from attrs import define, field

from griptape.common import PromptStack


@define
class BaseConversationMemory(ABC):
    conversation_memory_driver: object = field(kw_only=True)
    runs: list = field(factory=list, kw_only=True)
    meta: dict = field(factory=dict, kw_only=True)
    autoprune: bool = field(default=True, kw_only=True)
    max_runs: int | None = field(default=None, kw_only=True)

    def add_run(self, run: object) -> BaseConversationMemory:
        self.try_add_run(run)
        self.after_add_run()
        return self

    def after_add_run(self) -> None:
        if self.max_runs:
            while len(self.runs) > self.max_runs:
                self.runs.pop(0)  # expect: PL301
        self.conversation_memory_driver.store(self.runs, self.meta)

    @abstractmethod
    def try_add_run(self, run: object) -> None: ...

    @abstractmethod
    def to_prompt_stack(self, last_n: int | None = None) -> PromptStack: ...

    def add_to_prompt_stack(self, prompt_driver, prompt_stack: PromptStack, index: int | None = None) -> PromptStack:
        # How many runs fit is decided again for every request: the token budget loop.
        num_runs_to_fit_in_prompt = len(self.runs)

        if self.autoprune:
            should_prune = True
            temp_stack = PromptStack()
            while should_prune and num_runs_to_fit_in_prompt > 0:
                temp_stack.messages = prompt_stack.messages.copy()
                temp_stack.messages.extend(self.to_prompt_stack(num_runs_to_fit_in_prompt).messages)
                tokens_left = prompt_driver.tokenizer.count_input_tokens_left(
                    prompt_driver.prompt_stack_to_string(temp_stack),
                )
                if tokens_left > 0:
                    should_prune = False
                else:
                    num_runs_to_fit_in_prompt -= 1

        if num_runs_to_fit_in_prompt:
            memory_inputs = self.to_prompt_stack(num_runs_to_fit_in_prompt).messages
            if index is None:
                prompt_stack.messages.extend(memory_inputs)
            else:
                prompt_stack.messages[index:index] = memory_inputs
        return prompt_stack
