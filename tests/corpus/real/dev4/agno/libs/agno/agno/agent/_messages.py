"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/agent/_messages.py (lines 56-100, 134-490, 492-860, 868-1031, 1203-1320), trimmed; not the original text.

get_run_messages builds every run's request: the system message (rebuilt each run by
get_system_message from the agent's settings, the clock, memories, the session summary,
learnings and the session state), then the history of the last runs, then the user message.
"""

import json
import re
import string
from collections import ChainMap
from copy import deepcopy

from agno.utils.message import filter_tool_calls


class Message(dict):
    def __init__(self, role, content, **kwargs):
        super().__init__(role=role, content=content, **kwargs)
        self.role = role
        self.content = content


def format_message_with_state_variables(agent, message, run_context=None):
    if not isinstance(message, str):
        return message
    format_variables = ChainMap(
        run_context.session_state or {},
        run_context.dependencies or {},
        run_context.metadata or {},
        {"user_id": run_context.user_id} if run_context.user_id is not None else {},
    )
    converted_msg = message
    for var_name in format_variables.keys():
        converted_msg = re.sub(r"\{" + re.escape(var_name) + r"\}", "${" + var_name + "}", converted_msg)
    template = string.Template(converted_msg)
    result = template.safe_substitute(format_variables)  # expect: PL104
    return result


def execute_system_message(agent, system_message, session_state=None, run_context=None):
    return system_message(agent=agent, session_state=session_state)


def get_system_message(agent, session, run_context=None, tools=None, add_session_state_to_context=None, input=None):
    session_state = run_context.session_state if run_context else None
    user_id = run_context.user_id if run_context else None

    if agent.system_message is not None:
        sys_message_content = agent.system_message
        if callable(agent.system_message):
            sys_message_content = execute_system_message(
                agent=agent, system_message=agent.system_message, session_state=session_state, run_context=run_context
            )
        if agent.resolve_in_context:
            sys_message_content = format_message_with_state_variables(agent, sys_message_content, run_context)
        return Message(role=agent.system_message_role, content=sys_message_content)

    instructions = list(agent.instructions or [])
    additional_information = []
    if agent.markdown:
        additional_information.append("Use markdown to format your answers.")
    if agent.add_datetime_to_context:
        from datetime import datetime

        tz = None
        if agent.timezone_identifier:
            from zoneinfo import ZoneInfo

            tz = ZoneInfo(agent.timezone_identifier)
        time = datetime.now(tz) if tz else datetime.now()  # expect: PL101
        formatted_time = time.strftime(agent.datetime_format) if agent.datetime_format else str(time)
        additional_information.append(f"The current time is {formatted_time}.")
    if agent.add_location_to_context:
        from agno.utils.location import get_location

        location = get_location()
        if location:
            location_str = ", ".join(filter(None, [location.get("city"), location.get("country")]))
            additional_information.append(f"Your approximate location is: {location_str}.")

    system_message_content = ""
    if agent.description is not None:
        system_message_content += f"{agent.description}\n"
    if instructions:
        system_message_content += "<instructions>" + "".join(f"\n- {i}" for i in instructions) + "\n</instructions>\n\n"
    if additional_information:
        system_message_content += "<additional_information>"
        for _ai in additional_information:
            system_message_content += f"\n- {_ai}"
        system_message_content += "\n</additional_information>\n\n"
    for _ti in agent._tool_instructions or []:
        system_message_content += f"{_ti}\n"
    if agent.resolve_in_context:
        system_message_content = format_message_with_state_variables(agent, system_message_content, run_context)
    if agent.expected_output is not None:
        system_message_content += f"<expected_output>\n{agent.expected_output.strip()}\n</expected_output>\n\n"
    if agent.add_memories_to_context:
        user_memories = agent.memory_manager.get_user_memories(user_id=user_id or "default")  # expect: PL104
        if user_memories:
            system_message_content += "You know these things about the user from earlier conversations:\n\n"
            system_message_content += "<memories_from_previous_interactions>"
            for _memory in user_memories:
                system_message_content += f"\n- {_memory.memory}"
            system_message_content += "\n</memories_from_previous_interactions>\n\n"
        if agent.enable_agentic_memory:
            system_message_content += (
                "\n<updating_user_memories>\n"
                "- Use the `update_user_memory` tool to add, change or delete memories about the user.\n"
                "</updating_user_memories>\n\n"
            )
    if agent.add_session_summary_to_context and session.summary is not None:
        system_message_content += "A short summary of your earlier interactions:\n\n<summary_of_previous_interactions>\n"
        system_message_content += session.summary.summary  # expect: PL104
        system_message_content += "\n</summary_of_previous_interactions>\n\n"
    if agent._learning is not None and agent.add_learnings_to_context:
        learning_guidance = agent._learning._framework_instructions()
        learning_context = agent._learning.build_context(  # expect: PL104
            user_id=user_id,
            session_id=session.session_id,
            agent_id=agent.id,
            message=input if isinstance(input, str) else None,
        )
        learning_block = "\n".join(part for part in (learning_guidance, learning_context) if part)
        if learning_block:
            system_message_content += learning_block + "\n"
    system_message_from_model = agent.model.get_system_message_for_model(tools)
    if system_message_from_model is not None:
        system_message_content += system_message_from_model
    if add_session_state_to_context and session_state is not None:
        system_message_content += f"\n<session_state>\n{session_state}\n</session_state>\n\n"  # expect: PL104
    return Message(role=agent.system_message_role, content=system_message_content.strip())


async def aget_system_message(agent, session, run_context=None, tools=None, add_session_state_to_context=None, input=None):
    session_state = run_context.session_state if run_context else None
    user_id = run_context.user_id if run_context else None
    additional_information = []
    if agent.add_datetime_to_context:
        from datetime import datetime

        tz = None
        time = datetime.now(tz) if tz else datetime.now()  # expect: PL101
        additional_information.append(f"The current time is {time}.")
    system_message_content = "".join(f"- {i}\n" for i in agent.instructions or [])
    system_message_content += "".join(f"\n- {_ai}" for _ai in additional_information)
    if agent.add_memories_to_context:
        user_memories = await agent.memory_manager.aget_user_memories(user_id=user_id or "default")  # expect: PL104
        for _memory in user_memories or []:
            system_message_content += f"\n- {_memory.memory}"
    if agent.add_session_summary_to_context and session.summary is not None:
        system_message_content += "<summary_of_previous_interactions>\n"
        system_message_content += session.summary.summary  # expect: PL104
        system_message_content += "\n</summary_of_previous_interactions>\n\n"
    if agent._learning is not None and agent.add_learnings_to_context:
        learning_context = await agent._learning.abuild_context(  # expect: PL104
            user_id=user_id, session_id=session.session_id, message=input if isinstance(input, str) else None
        )
        if learning_context:
            system_message_content += learning_context + "\n"
    if add_session_state_to_context and session_state is not None:
        system_message_content += get_formatted_session_state_for_system_message(agent, session_state)
    return Message(role=agent.system_message_role, content=system_message_content.strip())


def get_formatted_session_state_for_system_message(agent, session_state):
    return f"\n<session_state>\n{session_state}\n</session_state>\n\n"  # expect: PL104


def get_user_message(agent, *, run_response, run_context=None, input=None, add_dependencies_to_context=None):
    user_msg_content = input
    references = None
    if agent.add_knowledge_to_context:
        references = agent.knowledge.search(query=input, filters=run_context.knowledge_filters)
    if agent.resolve_in_context:
        user_msg_content = format_message_with_state_variables(agent, user_msg_content, run_context)
    user_msg_content_str = str(user_msg_content)
    if agent.add_knowledge_to_context and references:
        user_msg_content_str += "\n\nUse the following references from the knowledge base if it helps:\n"
        user_msg_content_str += "<references>\n"
        user_msg_content_str += "\n".join(doc.content for doc in references) + "\n"
        user_msg_content_str += "</references>"
    if add_dependencies_to_context and run_context.dependencies is not None:
        user_msg_content_str += "\n\n<additional context>\n"
        user_msg_content_str += json.dumps(run_context.dependencies, indent=2, default=str) + "\n"
        user_msg_content_str += "</additional context>"
    return Message(role=agent.user_message_role, content=user_msg_content_str)


def get_run_messages(agent, *, run_response, session, run_context, input=None, add_history_to_context=None):
    messages = []
    system_message = get_system_message(agent, session, run_context=run_context, input=input)
    if system_message is not None:
        messages.append(system_message)
    if add_history_to_context:
        skip_role = agent.system_message_role if agent.system_message_role not in ["user", "assistant", "tool"] else None
        history = session.get_messages(
            last_n_runs=agent.num_history_runs,
            limit=agent.num_history_messages,
            skip_roles=[skip_role] if skip_role else None,
        )
        history_copy = [deepcopy(msg) for msg in history]
        for _msg in history_copy:
            _msg.from_history = True
        if agent.max_tool_calls_from_history is not None:
            filter_tool_calls(history_copy, agent.max_tool_calls_from_history)
        messages += history_copy
    user_message = get_user_message(agent, run_response=run_response, run_context=run_context, input=input)
    if user_message is not None:
        messages.append(user_message)
    return messages


def get_messages_for_parser_model(agent, model_response, response_format, run_context=None):
    output_schema = run_context.output_schema if run_context else None
    system_content = (
        agent.parser_model_prompt
        if agent.parser_model_prompt is not None
        else "You turn the user message below into the structured output asked for."
    )
    if response_format == {"type": "json_object"} and output_schema is not None:
        from agno.utils.prompts import get_json_output_prompt

        system_content += get_json_output_prompt(output_schema)
    return [
        Message(role="system", content=system_content),
        Message(role="user", content=model_response.content),
    ]


def get_messages_for_output_model(agent, messages):
    if agent.output_model_prompt is not None:
        for message in messages:
            if message.role == "system":
                message.content = agent.output_model_prompt
                break
        else:
            messages.insert(0, Message(role="system", content=agent.output_model_prompt))
    messages.pop(-1)
    return messages
