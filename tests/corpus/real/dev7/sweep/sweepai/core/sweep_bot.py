"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/core/sweep_bot.py (lines 446-505, 583-675), trimmed; not the original text.

Planning: the snippets and the issue joined into one user message after a fixed system prompt,
then an error-repair loop that swaps the system prompt of the planning thread.
"""

from sweepai.core.chat import ChatGPT, continuous_llm_calls
from sweepai.core.entities import Message

proposed_plan_system_prompt = "You are a talented software engineer planning changes for a GitHub issue."
plan_generation_steps_system_prompt = "Turn the analysis into a plan of file changes."
fix_files_to_change_system_prompt = "Fix the errors in the proposed file changes."
anthropic_rename_prompt = "List the renames needed, if any, in <renames> tags."
plan_generation_steps_prompt = "Here is the analysis:\n{issue_analysis_and_proposed_changes}"
fix_files_to_change_prompt = "These changes failed:\n{error_message}\nAllowed indices: {allowed_indices}"
MODEL = "claude-3-opus-20240229"


def get_files_to_change(snippets_message: str, problem_statement: str) -> str:
    messages = [
        Message(role="user", content=snippets_message, key="relevant_snippets"),
        Message(role="user", content=f"# GitHub Issue\n<issue>\n{problem_statement}\n</issue>"),
    ]
    joint_message = "\n\n".join(message.content for message in messages)
    renames_chat_gpt = ChatGPT(messages=[Message(role="system", content=proposed_plan_system_prompt)])
    renames_response = renames_chat_gpt.chat_anthropic(
        content=joint_message + "\n\n" + anthropic_rename_prompt,
        stop_sequences=["</renames>"],
        model=MODEL,
    )
    chat_gpt = ChatGPT(messages=[Message(role="system", content=plan_generation_steps_system_prompt)])
    files_to_change_response = continuous_llm_calls(
        chat_gpt,
        content=joint_message + "\n\n" + plan_generation_steps_prompt.format(
            issue_analysis_and_proposed_changes=renames_response
        ),
        model=MODEL,
        stop_sequences=["</plan>"],
    )
    error_message = find_errors(files_to_change_response)
    for _ in range(3):
        if not error_message:
            break
        # the repair request keeps the thread but replaces its system prompt
        chat_gpt.messages = [
            message if message.role != "system" else Message(content=fix_files_to_change_system_prompt, role="system")
            for message in chat_gpt.messages
        ]
        fix_attempt = continuous_llm_calls(
            chat_gpt,
            content=fix_files_to_change_prompt.format(error_message=error_message, allowed_indices="0"),
            model=MODEL,
            stop_sequences=["</error_resolutions"],
        )
        error_message = find_errors(fix_attempt)
    return files_to_change_response


def find_errors(response: str) -> str:
    return ""
