"""Reconstruction of pipecat-ai/pipecat@acead0507d7de44e216d24533964106ca1d1d044:src/pipecat/flows/manager.py (lines 602-723, 734-849), trimmed; not the original text.

A node transition sets the node's tools (in the order of the global and node function lists) and
its role message as the LLM's system instruction, and appends (APPEND) or replaces (RESET) the
context with the node's task messages. Within a node nothing of this changes between requests.
"""


class FlowManager:
    def __init__(self, worker, global_functions=None, context_strategy="APPEND"):
        self._worker = worker
        self._global_functions = list(global_functions or [])
        self._context_strategy = context_strategy
        self._current_node = None
        self._current_functions = set()

    async def _set_node(self, node_id, node_config):
        new_functions = set()
        functions_list = self._global_functions + node_config.get("functions", [])
        standard_functions = []
        for func_config in functions_list:
            standard_functions.append(func_config)
            new_functions.add(func_config.name)
        await self._update_llm_context(
            role_message=node_config.get("role_message"),
            task_messages=node_config["task_messages"],
            functions=standard_functions or None,
            strategy=node_config.get("context_strategy"),
        )
        self._current_node = node_id
        self._current_functions = new_functions
        if node_config.get("respond_immediately", True):
            await self._worker.queue_frames([("LLMRunFrame",)])

    async def _update_llm_context(self, role_message, task_messages, functions, strategy=None):
        frames = []
        if role_message:
            frames.append(("LLMUpdateSettingsFrame", {"system_instruction": role_message}))
        messages = list(task_messages)
        update_strategy = strategy or self._context_strategy
        frame_type = "LLMMessagesUpdateFrame" if update_strategy in ("RESET", "RESET_WITH_SUMMARY") else "LLMMessagesAppendFrame"
        frames.append((frame_type, messages))
        frames.append(("LLMSetToolsFrame", functions))
        await self._worker.queue_frames(frames)
