"""Reconstruction of agiresearch/AIOS@2155966d68908f90c6c264a7935495e149c3869f:aios/llm_core/adapter.py (lines 725-950), trimmed; not the original text."""

import litellm

from aios.llm_core.utils import merge_messages_with_tools, slash_to_double_underscore


class LLMAdapter:
    def execute_llm_syscall(self, llm_syscall, model_name: str, model):
        messages = llm_syscall.query.messages
        tools = llm_syscall.query.tools
        prepared_tools = slash_to_double_underscore(tools) if tools else None
        return self._get_model_response(model_name=model_name, model=model, messages=messages, tools=prepared_tools)

    def _get_model_response(self, model_name: str, model, messages: list, tools, temperature: float = 1.0, max_tokens: int = 1000):
        completion_kwargs = {"messages": messages, "temperature": temperature, "max_tokens": max_tokens}
        if tools:
            completion_kwargs["tools"] = tools
            completion_kwargs["tool_choice"] = "auto"
        if isinstance(model, str):
            response = litellm.completion(model=model, **completion_kwargs)
            return response.choices[0].message.content, True
        if tools:
            completion_kwargs["messages"] = merge_messages_with_tools(messages, tools)
        completion_kwargs.pop("tools", None)
        completion_kwargs.pop("tool_choice", None)
        return model.generate(**completion_kwargs), True
