"""Reconstruction of Aider-AI/aider@5dc9490bb35f9729ef2c95d00a19ccd30c26339c:aider/coders/base_prompts.py
(lines 1-60) and aider/coders/editblock_prompts.py (lines 8-130), trimmed; not the original text.

Class constants of the coder prompts: static text, filled with `str.format` in base_coder.
"""


class CoderPrompts:
    main_system = """You are an expert developer who edits code.
{final_reminders}
Always answer in {language}.
{shell_cmd_prompt}
"""

    system_reminder = """# Edit block rules
Every edit uses a *SEARCH/REPLACE* block fenced with {fence}.
{quad_backtick_reminder}{rename_with_shell}{go_ahead_tip}{final_reminders}{shell_cmd_reminder}
"""

    shell_cmd_prompt = """Suggest shell commands when useful. The user's environment:
{platform}
"""

    shell_cmd_reminder = """Shell commands go in ```bash blocks. Environment:
{platform}
"""

    no_shell_cmd_prompt = "Do not suggest shell commands. Environment:\n{platform}\n"
    no_shell_cmd_reminder = "Never suggest shell commands. Environment:\n{platform}\n"
    rename_with_shell = ""
    go_ahead_tip = ""
    lazy_prompt = "You are diligent and you implement all the code asked for.\n"
    overeager_prompt = "Do only what the user asks for.\n"

    example_messages: list[dict] = []

    files_content_prefix = "These files are *in the chat*; treat this as their true content.\n"
    files_content_assistant_reply = "Ok, my edits will go to those files."
    files_no_full_files = "No files are in the chat yet."
    files_no_full_files_with_repo_map = "Ask me to add the files you need to edit."
    files_no_full_files_with_repo_map_reply = "Ok, I will ask for files to be added."
    repo_content_prefix = "Summaries of files in the git repository follow.\n"
    read_only_files_prefix = "These files are READ ONLY, for reference only.\n"
