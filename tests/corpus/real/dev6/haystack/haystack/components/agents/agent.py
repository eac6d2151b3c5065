"""Reconstruction of deepset-ai/haystack@c7cb46c0f28ad1984f60e5d3e9404b124a221437:haystack/components/agents/agent.py (lines 682-750, 971-1025), trimmed; not the original text."""

from haystack.components.agents.utils import _render_prompt_messages, _select_tools_by_name, _spawn_tools
from haystack.dataclasses import ChatRole
from haystack.tools.utils import flatten_tools_or_toolsets


class Agent:
    def _initialize_fresh_execution(self, messages, streaming_callback, requires_async, *, tools=None, **kwargs):
        messages = messages or []
        if self._user_chat_prompt_builder is not None:
            messages = messages + _render_prompt_messages(self._user_chat_prompt_builder, ChatRole.USER, "user_prompt", kwargs)
        if self._system_chat_prompt_builder is not None:
            system_messages = _render_prompt_messages(self._system_chat_prompt_builder, ChatRole.SYSTEM, "system_prompt", kwargs)
            messages = system_messages + messages
        selected_tools = _select_tools_by_name(self.tools, tools) if tools else _spawn_tools(self.tools)
        state = self._new_state(messages=messages, tools=flatten_tools_or_toolsets(selected_tools))
        return state, selected_tools

    def _run_step(self, exe_context) -> bool:
        # re-flattened every step so that tools a SearchableToolset discovered show up
        current_tools = flatten_tools_or_toolsets(tools=exe_context.tools)
        exe_context.state.set("tools", current_tools)
        inputs = {"messages": exe_context.state.data["messages"], **exe_context.chat_generator_inputs}
        if current_tools:
            inputs["tools"] = current_tools
        result = self.chat_generator.run(**inputs)
        exe_context.state.set("messages", result["replies"])
        if not current_tools:
            return False
        tool_messages, exe_context.state = self._run_tool(result["replies"], exe_context.state, current_tools)
        exe_context.state.set("messages", tool_messages)
        return True
