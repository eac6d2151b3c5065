"""Reconstruction of SylphAI-Inc/AdalFlow@f231f234329d241a0ba7636a613464c91962a29a:adalflow/adalflow/components/agent/runner.py (lines 529-600, 655-660), trimmed; not the original text."""

import uuid
from typing import Any, Dict, Optional


class Runner:
    def __init__(self, agent, conversation_memory=None, max_steps: int = 10):
        self.agent = agent
        self.conversation_memory = conversation_memory
        self.use_conversation_memory = conversation_memory is not None
        self.max_steps = max_steps
        self.step_history = []

    def call(self, prompt_kwargs: Dict[str, Any], model_kwargs: Optional[Dict[str, Any]] = None, use_cache=None, id=None):
        self.step_history = []
        prompt_kwargs = prompt_kwargs.copy() if prompt_kwargs else {}
        prompt_kwargs["step_history"] = self.step_history
        if self.use_conversation_memory:
            prompt_kwargs["chat_history_str"] = self.conversation_memory()
            self.conversation_memory.add_user_query(prompt_kwargs.get("input_str", None))
        prompt_kwargs["max_steps"] = self.max_steps
        step_count = 0
        while step_count < self.max_steps:
            output = self.agent.planner.call(prompt_kwargs=prompt_kwargs, model_kwargs=model_kwargs or {}, use_cache=use_cache, id=id)
            function = output.data
            function.id = str(uuid.uuid4())
            result = self._tool_execute_sync(function)
            self.step_history.append({"action": function, "observation": result.output})
            step_count += 1
        return self.step_history

    def _tool_execute_sync(self, function):
        return self.agent.tool_manager.call(expr_or_fun=function)
