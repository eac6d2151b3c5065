"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/utils/message.py (lines 88-140), trimmed; not the original text.

With max_tool_calls_from_history set, the history copy keeps only the N most recent tool calls:
each new tool call drops the oldest kept one from every later request.
"""

from copy import deepcopy


def filter_tool_calls(messages, max_tool_calls):
    tool_call_count = sum(1 for m in messages if m.role == "tool")
    if tool_call_count <= max_tool_calls:
        return
    tool_call_ids_list = []
    for msg in reversed(messages):
        if msg.role == "tool" and len(tool_call_ids_list) < max_tool_calls:  # expect: PL301
            if msg.tool_call_id:
                tool_call_ids_list.append(msg.tool_call_id)
    tool_call_ids_to_keep = set(tool_call_ids_list)
    filtered_messages = []
    for msg in messages:
        if msg.role == "tool":
            if msg.tool_call_id in tool_call_ids_to_keep:
                filtered_messages.append(msg)
        elif msg.role == "assistant" and msg.tool_calls:
            filtered_msg = deepcopy(msg)
            filtered_msg.tool_calls = [tc for tc in msg.tool_calls if tc.get("id") in tool_call_ids_to_keep]
            if filtered_msg.tool_calls or filtered_msg.content:
                filtered_messages.append(filtered_msg)
        else:
            filtered_messages.append(msg)
    messages[:] = filtered_messages
