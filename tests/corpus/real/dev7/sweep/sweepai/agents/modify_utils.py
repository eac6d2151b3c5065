"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/agents/modify_utils.py (lines 22-63, 622-719), trimmed; not the original text."""

MODEL = "claude-3-5-sonnet-20240620"

modify_tools = """
<tool_description>make_change, create_file, submit_task</tool_description>"""

instructions = """You are an expert software developer tasked with editing code to fulfill the user's request."""


def create_user_message(fcrs: list, request: str, cloned_repo) -> str:
    files = "".join(f"\n\n<file_to_modify filename=\"{f.filename}\">\n</file_to_modify>" for f in fcrs)
    return f"<user_request>\n{request}\n</user_request>\n# Plan of Code Changes\n{files}"


def tasks_completed(fcrs: list) -> int:
    return sum(1 for fcr in fcrs if fcr.is_completed)


def validate_and_parse_function_call(function_calls_string: str, chat_gpt):
    return None


def handle_function_call(cloned_repo, function_call, modify_files_dict, llm_state):
    return "DONE", modify_files_dict, llm_state
