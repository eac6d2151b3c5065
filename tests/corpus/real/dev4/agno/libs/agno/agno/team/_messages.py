"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/team/_messages.py (lines 74-160, 277-345, 357-602, 604-846, 849-985, 1436-1512), trimmed; not the original text.

The team's system message is rebuilt every run the same way the agent's is: the clock, the
user's memories, the session summary and the session state go into it, ahead of the history of
the last runs.
"""

from datetime import datetime


def _get_formatted_session_state_for_system_message(team, session_state):
    return f"\n<session_state>\n{session_state}\n</session_state>\n\n"  # expect: PL104


def _build_trailing_sections(team, *, additional_information, session_state=None, add_session_state_to_context=None):
    content = ""
    if additional_information:
        content += "<additional_information>"
        for _ai in additional_information:
            content += f"\n- {_ai}"
        content += "\n</additional_information>\n\n"
    for _ti in team._tool_instructions or []:
        content += f"{_ti}\n"
    if team.expected_output is not None:
        content += f"<expected_output>\n{team.expected_output.strip()}\n</expected_output>\n\n"
    if add_session_state_to_context and session_state is not None:
        content += _get_formatted_session_state_for_system_message(team, session_state)
    return content


def get_system_message(team, session, run_context=None, add_session_state_to_context=None):
    session_state = run_context.session_state if run_context else None
    user_id = run_context.user_id if run_context else None
    additional_information = []
    if team.add_datetime_to_context:
        tz = None
        time = datetime.now(tz) if tz else datetime.now()  # expect: PL101
        formatted_time = time.strftime(team.datetime_format) if team.datetime_format else str(time)
        additional_information.append(f"The current time is {formatted_time}.")
    system_message_content = "You lead a team of agents; delegate to the members below.\n"
    system_message_content += "".join(f"- {m.name}: {m.role}\n" for m in team.members)
    if team.add_memories_to_context:
        user_memories = team.memory_manager.get_user_memories(user_id=user_id or "default")  # expect: PL104
        for _memory in user_memories or []:
            system_message_content += f"\n- {_memory.memory}"
    if team.add_session_summary_to_context and session.summary is not None:
        system_message_content += "<summary_of_previous_interactions>\n"
        system_message_content += session.summary.summary  # expect: PL104
        system_message_content += "\n</summary_of_previous_interactions>\n\n"
    system_message_content += _build_trailing_sections(
        team,
        additional_information=additional_information,
        session_state=session_state,
        add_session_state_to_context=add_session_state_to_context,
    )
    return {"role": team.system_message_role, "content": system_message_content.strip()}


async def aget_system_message(team, session, run_context=None, add_session_state_to_context=None):
    session_state = run_context.session_state if run_context else None
    user_id = run_context.user_id if run_context else None
    additional_information = []
    if team.add_datetime_to_context:
        tz = None
        time = datetime.now(tz) if tz else datetime.now()  # expect: PL101
        additional_information.append(f"The current time is {time}.")
    system_message_content = "".join(f"- {m.name}: {m.role}\n" for m in team.members)
    if team.add_memories_to_context:
        user_memories = await team.memory_manager.aget_user_memories(user_id=user_id or "default")  # expect: PL104
        for _memory in user_memories or []:
            system_message_content += f"\n- {_memory.memory}"
    if team.add_session_summary_to_context and session.summary is not None:
        system_message_content += "<summary_of_previous_interactions>\n"
        system_message_content += session.summary.summary  # expect: PL104
        system_message_content += "\n</summary_of_previous_interactions>\n\n"
    system_message_content += _build_trailing_sections(
        team,
        additional_information=additional_information,
        session_state=session_state,
        add_session_state_to_context=add_session_state_to_context,
    )
    return {"role": team.system_message_role, "content": system_message_content.strip()}


def _get_run_messages(team, *, session, run_context, user_message, add_history_to_context=None):
    messages = [get_system_message(team, session, run_context=run_context)]
    if add_history_to_context:
        history = session.get_messages(last_n_runs=team.num_history_runs, limit=team.num_history_messages)
        messages += [dict(m, from_history=True) for m in history]
    messages.append(user_message)
    return messages



def _get_tool_names(member, async_mode=False):
    tool_names = []
    for _tool in member.tools or []:
        if hasattr(_tool, "get_functions"):
            functions = _tool.get_async_functions() if async_mode else _tool.get_functions()
            tool_names.extend(f.name for f in functions.values() if f.entrypoint)
        elif callable(_tool):
            tool_names.append(_tool.__name__)
        elif isinstance(_tool, dict) and _tool.get("name") is not None:
            tool_names.append(_tool["name"])
    return tool_names


def get_members_system_message_content(team, indent=0, async_mode=False):
    pad = " " * indent
    content = ""
    for member in team.members or []:
        content += f'{pad}<member id="{member.id}" name="{member.name}">\n'
        if member.role is not None:
            content += f"{pad}  Role: {member.role}\n"
        if team.add_member_tools_to_context:
            tool_names = _get_tool_names(member, async_mode=async_mode)
            if tool_names:
                content += f"{pad}  Tools: {', '.join(tool_names)}\n"
        content += f"{pad}</member>\n"
    return content


def _get_opening_prompt():
    return (
        "You lead a team of specialised agents and hand them the parts of the request they are best at; "
        "answer simple requests yourself.\n"
    )


def _get_mode_instructions(team):
    content = "\n<how_to_respond>\n"
    if team.mode == "tasks":
        content += "Split the goal into tasks, give each to the best member, then combine the results.\n"
    else:
        content += "Pick the member best placed to answer and delegate to it.\n"
    return content + "</how_to_respond>\n"


def _get_messages_for_parser_model(team, model_response, response_format, run_context=None):
    system_content = (
        team.parser_model_prompt
        if team.parser_model_prompt is not None
        else "You turn the user message below into the structured output asked for."
    )
    return [
        {"role": "system", "content": system_content},
        {"role": "user", "content": model_response.content},
    ]


def _get_messages_for_output_model(team, messages):
    from copy import deepcopy

    messages = [deepcopy(m) for m in messages]
    if team.output_model_prompt is not None:
        for message in messages:
            if message["role"] == "system":
                message["content"] = team.output_model_prompt
                break
        else:
            messages.insert(0, {"role": "system", "content": team.output_model_prompt})
    if messages and messages[-1]["role"] == "assistant":
        messages.pop(-1)
    return messages
