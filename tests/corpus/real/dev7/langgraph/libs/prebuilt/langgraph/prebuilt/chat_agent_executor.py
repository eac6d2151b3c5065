"""Reconstruction of langchain-ai/langgraph@f09cfe8ffc1eeffd68f4b628ed69c30f7cad229f:libs/prebuilt/langgraph/prebuilt/chat_agent_executor.py (lines 137-216, 560-590), trimmed; not the original text."""

from langchain_core.messages import SystemMessage
from langgraph._internal._runnable import RunnableCallable

from langgraph.prebuilt.tool_node import ToolNode


def _get_state_value(state, key: str, default=None):
    return state.get(key, default) if isinstance(state, dict) else getattr(state, key, default)


def _get_prompt_runnable(prompt):
    if prompt is None:
        return RunnableCallable(lambda state: _get_state_value(state, "messages"), name="Prompt")
    if isinstance(prompt, str):
        _system_message = SystemMessage(content=prompt)
        return RunnableCallable(lambda state: [_system_message] + _get_state_value(state, "messages"), name="Prompt")
    if isinstance(prompt, SystemMessage):
        return RunnableCallable(lambda state: [prompt] + _get_state_value(state, "messages"), name="Prompt")
    if callable(prompt):
        return RunnableCallable(prompt, name="Prompt")
    return prompt


def _should_bind_tools(model, tools: list) -> bool:
    bound_tools = model.kwargs.get("tools") if hasattr(model, "kwargs") else None
    if not bound_tools:
        return True
    tool_names = set(tool.name for tool in tools)
    bound_tool_names = set()
    for bound_tool in bound_tools:
        if bound_tool.get("type") == "function":
            bound_tool_names.add(bound_tool["function"]["name"])
        elif bound_tool.get("name"):
            bound_tool_names.add(bound_tool["name"])
    if missing_tools := tool_names - bound_tool_names:
        raise ValueError(f"Missing tools '{missing_tools}' in the model.bind_tools()")
    return False


def create_react_agent(model, tools: list, prompt=None):
    tool_node = ToolNode([t for t in tools if not isinstance(t, dict)])
    tool_classes = list(tool_node.tools_by_name.values())
    llm_builtin_tools = [t for t in tools if isinstance(t, dict)]
    if _should_bind_tools(model, tool_classes) and len(tool_classes + llm_builtin_tools) > 0:
        model = model.bind_tools(tool_classes + llm_builtin_tools)
    return _get_prompt_runnable(prompt) | model
