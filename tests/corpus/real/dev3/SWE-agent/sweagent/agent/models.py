"""Reconstruction of SWE-agent/SWE-agent@3ea751c087f32b16e039a2233dd6eefecef325d5:sweagent/agent/models.py
(lines 678-733, 840-872), trimmed; not the original text.

The litellm model: the history becomes messages with fixed keys; the tools come from the tool
configuration.
"""

import copy
from typing import Any

import litellm


class LiteLLMModel:
    def __init__(self, config: Any, tools: Any):
        self.config = config
        self.tools = tools

    def _single_query(self, messages: list[dict[str, str]], n: int | None = None, temperature: float | None = None) -> list[dict]:
        extra_args: dict[str, Any] = {}
        if self.config.api_base:
            extra_args["api_base"] = self.config.api_base
        if self.tools.use_function_calling:
            extra_args["tools"] = self.tools.tools
        completion_kwargs = copy.deepcopy(self.config.completion_kwargs)
        completion_kwargs.setdefault("extra_headers", {}).setdefault("User-Agent", "swe-agent/1.1.0")
        # clean: the processed history, tools from the configuration; headers are not prefix
        response = litellm.completion(
            model=self.config.name,
            messages=messages,
            temperature=self.config.temperature if temperature is None else temperature,
            top_p=self.config.top_p,
            **completion_kwargs,
            **extra_args,
            n=n,
        )
        return [{"message": choice.message.content or ""} for choice in response.choices]

    def _history_to_messages(self, history: list[dict[str, Any]]) -> list[dict[str, str]]:
        history = copy.deepcopy(history)
        messages = []
        # clean: each history item becomes a message with fixed keys; the agent's own fields are dropped
        for item in history:
            role = item["role"]
            if role == "system" and self.config.convert_system_to_user:
                role = "user"
            if role == "tool":
                message = {"role": role, "content": item["content"], "tool_call_id": item["tool_call_ids"][0]}
            elif (tool_calls := item.get("tool_calls")) is not None:
                message = {"role": role, "content": item["content"], "tool_calls": tool_calls}
            else:
                message = {"role": role, "content": item["content"]}
            if "cache_control" in item:
                message["cache_control"] = item["cache_control"]
            messages.append(message)
        return messages

    def query(self, history: list[dict[str, Any]], n: int = 1, temperature: float | None = None) -> list[dict] | dict:
        outputs = self._single_query(self._history_to_messages(history), n=n, temperature=temperature)
        return outputs if n > 1 else outputs[0]
