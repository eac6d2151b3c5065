"""Reconstruction of agno-agi/agno@9644f22982ae017eaa4ad85c561d927d9ac03119:libs/agno/agno/utils/team.py (lines 14-29), trimmed; not the original text.

A member's task is the member interactions, the team history and the task description, in that
order: the member request's final user message.
"""


def format_member_agent_task(task_description, team_member_interactions_str=None, team_history_str=None):
    member_task_str = ""
    if team_member_interactions_str:
        member_task_str += f"{team_member_interactions_str}\n\n"
    if team_history_str:
        member_task_str += f"{team_history_str}\n\n"
    member_task_str += f"{task_description}"
    return member_task_str
