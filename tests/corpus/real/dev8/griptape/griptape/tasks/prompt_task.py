"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/tasks/prompt_task.py (lines 42-325), trimmed; not the original text.

The task's prompt stack is rebuilt for every request of its tool loop: the system template,
the conversation memory inserted right after it, the task input, then the subtasks so far.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from attrs import Factory, define, field

from griptape import utils
from griptape.common import PromptStack
from griptape.memory.structure import Run
from griptape.rules import Ruleset
from griptape.utils import J2


@define
class PromptTask:
    DEFAULT_RULESET_NAME = "Default Ruleset"
    RESPONSE_STOP_SEQUENCE = "<|Response|>"
    prompt_driver: object = field(default=None, kw_only=True)
    generate_system_template: Callable[[PromptTask], str] = field(
        default=Factory(lambda self: self.default_generate_system_template, takes_self=True),
        kw_only=True,
    )
    tools: list = field(factory=list, kw_only=True)
    subtasks: list = field(factory=list)
    rules: list = field(factory=list, kw_only=True)
    _rulesets: list = field(factory=list, kw_only=True, alias="rulesets")
    structure: object = field(default=None, kw_only=True)
    conversation_memory: object = field(default=None, kw_only=True)
    input: object = field(default=None)
    output: object = field(default=None, init=False)
    reflect_on_tool_use: bool = field(default=True, kw_only=True)
    response_stop_sequence: str = field(default=RESPONSE_STOP_SEQUENCE, kw_only=True)
    meta_memories: list = field(factory=list, kw_only=True)

    @property
    def rulesets(self) -> list:
        default_rules = self.rules
        rulesets = self._rulesets.copy()
        if self.structure is not None:
            if self.structure._rulesets:
                rulesets = self.structure._rulesets + self._rulesets
            if self.structure.rules:
                default_rules = self.structure.rules + self.rules
        if default_rules:
            rulesets.append(Ruleset(name=self.DEFAULT_RULESET_NAME, rules=default_rules))
        return rulesets

    @property
    def prompt_stack(self) -> PromptStack:
        stack = PromptStack(tools=self.tools)
        memory = self.conversation_memory

        system_template = self.generate_system_template(self)
        if system_template:
            stack.add_system_message(system_template)

        stack.add_user_message(self.input)

        if self.output:
            stack.add_assistant_message(self.output.to_text())
        else:
            for s in self.subtasks:
                s.add_to_prompt_stack(stack)

        if memory is not None:
            memory.add_to_prompt_stack(self.prompt_driver, stack, 1 if system_template else 0)
        return stack

    def after_run(self) -> None:
        conversation_memory = self.conversation_memory
        if conversation_memory is not None and self.output is not None:
            # Only the input and the final output are kept: the subtasks' tool calls and results,
            # sent in this turn's later requests, are not in the next turn's history.
            run = Run(input=self.input, output=self.output)  # expect: PL301
            conversation_memory.add_run(run)

    def default_generate_system_template(self, _: PromptTask) -> str:
        schema = self.actions_schema().json_schema("Actions Schema")
        schema["minItems"] = 1
        return J2("tasks/prompt_task/system.j2").render(
            rulesets=J2("rulesets/rulesets.j2").render(rulesets=self.rulesets),
            action_names=str.join(", ", [tool.name for tool in self.tools]),
            actions_schema=utils.minify_json(json.dumps(schema)),
            meta_memory=J2("memory/meta/meta_memory.j2").render(meta_memories=self.meta_memories),
            use_native_tools=self.prompt_driver.use_native_tools,
            stop_sequence=self.response_stop_sequence,
            reflect_on_tool_use=self.reflect_on_tool_use,
        )

    def actions_schema(self):
        raise NotImplementedError
