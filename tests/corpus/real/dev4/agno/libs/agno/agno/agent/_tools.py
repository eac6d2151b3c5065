"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/agent/_tools.py (lines 353-385, 611-654), trimmed; not the original text.

Toolkit instructions are collected in the order of the agent's tools (the set only remembers
which toolkits were already seen); tool messages for user input and feedback serialise lists of
dict literals with constant keys.
"""

import json


def parse_tools(agent, tools, model, run_context=None):
    _functions = []
    _toolkit_instruction_keys = set()
    agent._tool_instructions = []

    def add_toolkit_instructions(toolkit):
        key = id(toolkit)
        if key in _toolkit_instruction_keys:
            return
        if toolkit.add_instructions and toolkit.instructions is not None:
            agent._tool_instructions.append(toolkit.instructions)
            _toolkit_instruction_keys.add(key)

    for tool in tools:
        if hasattr(tool, "functions"):
            add_toolkit_instructions(tool)
            _functions.extend(tool.functions.values())
        else:
            _functions.append(tool)
    return _functions


def handle_get_user_input_tool_update(agent, run_messages, tool):
    if not getattr(tool, "user_input_schema", None):
        return
    user_input_result = [{"name": f.name, "value": f.value} for f in tool.user_input_schema]
    run_messages.messages.append(
        {
            "role": agent.model.tool_message_role,
            "content": f"User inputs retrieved: {json.dumps(user_input_result, ensure_ascii=False)}",
            "tool_call_id": tool.tool_call_id,
        }
    )


def handle_ask_user_tool_update(agent, run_messages, tool):
    if not getattr(tool, "user_feedback_schema", None):
        return
    feedback_result = [{"question": q.question, "selected": q.selected_options or []} for q in tool.user_feedback_schema]
    run_messages.messages.append(
        {
            "role": agent.model.tool_message_role,
            "content": f"User feedback received: {json.dumps(feedback_result, ensure_ascii=False)}",
            "tool_call_id": tool.tool_call_id,
        }
    )
