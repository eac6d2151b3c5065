"""Reconstruction of zylon-ai/private-gpt@ab89a0d67bf6a30481081bdc7c487b484d82f91b:private_gpt/components/engines/chat/async_chat_engine.py (lines 1245-1265, 1707-1720), trimmed; not the original text."""

from uuid import uuid4


class AsyncChatEngine:
    def _handle_stream_chunk(self, tool_call, tool_state, tool_specs_by_name) -> str:
        raw_id = tool_call.tool_id
        if raw_id not in tool_state.tool_id_map:
            tool_spec = tool_specs_by_name.get(tool_call.tool_name or "")
            # Made once per tool call and kept with the assistant message in the history.
            tool_state.tool_id_map[raw_id] = (
                tool_spec.resolve_event_adapter().new_tool_use_id() if tool_spec else f"tool_{uuid4().hex}"
            )
        return tool_state.tool_id_map[raw_id]

    def _build_tools(self, state) -> list:
        tool_specs = state.input.context_stack.all_tools()
        if not tool_specs:
            return []
        allowed_names = set(t for t in state.input.request.tool_config.tool_choices or [t.name for t in tool_specs])
        selected = [tool for tool in tool_specs if (tool.name or "") in allowed_names]
        return [tool.to_function_tool() for tool in selected]
