"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/tasks/actions_subtask.py (lines 200-236), trimmed; not the original text."""

from __future__ import annotations

from attrs import define, field

from griptape.artifacts import ActionArtifact, ListArtifact, TextArtifact
from griptape.common import PromptStack, ToolAction


@define
class ActionsSubtask:
    origin_task: object = field(default=None, kw_only=True)
    actions: list = field(factory=list, kw_only=True)
    thought: str | None = field(default=None, kw_only=True)
    output: object = field(default=None, kw_only=True)

    def add_to_prompt_stack(self, stack: PromptStack) -> None:
        if self.origin_task is not None and self.origin_task.prompt_driver.use_native_tools:
            action_calls = [
                ToolAction(name=action.name, path=action.path, tag=action.tag, input=action.input)
                for action in self.actions
            ]
            action_results = [
                ToolAction(
                    name=action.name,
                    path=action.path,
                    tag=action.tag,
                    output=action.output if action.output is not None else self.output,
                )
                for action in self.actions
            ]
            stack.add_assistant_message(
                ListArtifact(
                    [*([TextArtifact(self.thought)] if self.thought else []), *[ActionArtifact(a) for a in action_calls]]
                )
            )
            stack.add_user_message(
                ListArtifact(
                    [
                        *[ActionArtifact(a) for a in action_results],
                        *([] if self.output else [TextArtifact("Please keep going")]),
                    ]
                )
            )
        else:
            stack.add_assistant_message(self.origin_task.generate_assistant_subtask_template(self))
            stack.add_user_message(self.origin_task.generate_user_subtask_template(self))
