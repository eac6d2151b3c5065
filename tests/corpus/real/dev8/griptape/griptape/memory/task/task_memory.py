"""Reconstruction of griptape-ai/griptape@2e970421f2b07cae7fd60d307bcfb72192dc106f:griptape/memory/task/task_memory.py (lines 61-96), trimmed; not the original text.

An off-prompt tool output is stored in task memory and an entry describing it is appended to
the structure's meta memory, which the task's system prompt renders on its next request.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import define, field

from griptape.utils import J2


@define
class ActionSubtaskMetaEntry:
    thought: str | None = field(default=None, kw_only=True)
    actions: str = field(kw_only=True)
    answer: str = field(kw_only=True)


@define
class TaskMemory:
    name: str = field(default="TaskMemory", kw_only=True)
    namespace_metadata: dict = field(factory=dict, kw_only=True)

    def store_artifact(self, namespace: str, artifact: object) -> object | None:
        return None

    def process_output(self, tool_activity: Callable, subtask, output_artifact) -> str:
        tool_name = getattr(getattr(tool_activity, "__self__"), "name")
        activity_name = getattr(tool_activity, "name")
        namespace = output_artifact.name

        if output_artifact:
            result = self.store_artifact(namespace, output_artifact)
            if result:
                return result
            self.namespace_metadata[namespace] = subtask.actions_to_json()

            output = J2("memory/tool.j2").render(
                memory_name=self.name,
                tool_name=tool_name,
                activity_name=activity_name,
                artifact_namespace=namespace,
            )

            if subtask.structure and subtask.structure.meta_memory:
                subtask.structure.meta_memory.add_entry(
                    ActionSubtaskMetaEntry(  # expect: PL104
                        thought=subtask.thought,
                        actions=subtask.actions_to_json(),
                        answer=output,
                    ),
                )
            return output
        return "tool output is empty"
