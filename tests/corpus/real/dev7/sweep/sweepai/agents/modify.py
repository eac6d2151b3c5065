"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/agents/modify.py (lines 88-136, 156-267), trimmed; not the original text.

The edit agent: a fixed system prompt (instructions + tool descriptions), the request and file
state as the first user message, then tool calls and outputs appended; when a task is completed
with changes, the thread restarts from the system prompt with the updated state.
"""

from sweepai.agents.modify_utils import (
    MODEL,
    create_user_message,
    handle_function_call,
    instructions,
    modify_tools,
    tasks_completed,
    validate_and_parse_function_call,
)
from sweepai.core.chat import ChatGPT, continuous_llm_calls
from sweepai.core.entities import Message


def modify(fcrs: list, request: str, cloned_repo, relevant_filepaths: list[str]) -> dict:
    user_message = create_user_message(fcrs=fcrs, request=request, cloned_repo=cloned_repo)
    chat_gpt = ChatGPT()
    llm_state = {"fcrs": fcrs, "attempt_count": 0}
    full_instructions = instructions + modify_tools
    chat_gpt.messages = [Message(role="system", content=full_instructions)]
    function_calls_string = continuous_llm_calls(
        chat_gpt,
        content=f"Here is the initial user request, plan, and state of the code files:\n{user_message}",
        model=MODEL,
        stop_sequences=["</function_call>"],
    )
    modify_files_dict: dict = {}
    for i in range(len(fcrs) * 15):
        function_call = validate_and_parse_function_call(function_calls_string, chat_gpt)
        if not function_call:
            break
        done_before = tasks_completed(fcrs)
        function_output, modify_files_dict, llm_state = handle_function_call(
            cloned_repo, function_call, modify_files_dict, llm_state
        )
        if function_output == "DONE":
            break
        if modify_files_dict and tasks_completed(fcrs) > done_before:
            user_message = create_user_message(fcrs=fcrs, request=request, cloned_repo=cloned_repo)
            # a finished task restarts the thread: the system prompt is kept, the rest replaced once
            chat_gpt.messages = chat_gpt.messages[:1]
            chat_gpt.messages.append(Message(role="user", content=user_message))
        function_calls_string = continuous_llm_calls(
            chat_gpt,
            content=function_output,
            model=MODEL,
            stop_sequences=["</function_call>"],
        )
    return modify_files_dict
