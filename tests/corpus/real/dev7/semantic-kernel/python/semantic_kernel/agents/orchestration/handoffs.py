"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/agents/orchestration/handoffs.py (lines 190-222), trimmed; not the original text.

One transfer_to_<agent> function per handoff connection, in the order of the user's handoff
dict, then complete_task: the agent's tools come in a fixed order.
"""

from functools import partial


class HandoffAgentActor:
    def __init__(self, kernel, handoff_connections: dict):
        self._kernel = kernel
        self._handoff_connections = handoff_connections

    async def _handoff_to_agent(self, agent_name: str) -> None:
        raise NotImplementedError

    async def _complete_task(self, task_summary: str) -> None:
        raise NotImplementedError

    def _add_handoff_functions(self) -> None:
        functions: list = []
        for handoff_agent_name, handoff_description in self._handoff_connections.items():
            function_name = f"transfer_to_{handoff_agent_name}"
            functions.append({"name": function_name, "description": handoff_description, "method": partial(self._handoff_to_agent, handoff_agent_name)})
        functions.append({"name": "complete_task", "description": "Complete the task with a summary.", "method": self._complete_task})
        self._kernel.add_plugin(plugin={"name": "Handoff", "functions": functions})
