"""Reconstruction of geekan/MetaGPT@ba2868974b2ecc3fe4218ad29dd334867c07f678:metagpt/prompts/di/role_zero.py (lines 25-80), trimmed; not the original text. Static wording reworded."""

SYSTEM_PROMPT = """
# Basic Info
{role_info}

# Data Structure
class Task(BaseModel):
    task_id: str = ""
    dependent_task_ids: list[str] = []
    instruction: str = ""
    task_type: str = ""
    assignee: str = ""

# Available Task Types
{task_type_desc}

# Available Commands
{available_commands}
Special command: {{"command_name": "end"}} does nothing, or says that every requirement is done.

# Example
{example}

# Instruction
{instruction}
"""

CMD_PROMPT = """
# Current Plan
{plan_status}

# Current Task
{current_task}

# Response Language
Reply in {respond_language}.

Decide on the commands to run next, as a JSON list.
"""
