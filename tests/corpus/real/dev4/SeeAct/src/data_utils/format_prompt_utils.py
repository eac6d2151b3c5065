"""Reconstruction of OSU-NLP-Group/SeeAct@2434627b196b33d1b0668a418188dd2f348883bb:src/data_utils/format_prompt_utils.py (lines 109-137), trimmed; not the original text."""


def generate_new_query_prompt(system_prompt="", task="", previous_actions=None, question_description=""):
    sys_role = "" + system_prompt
    query_text = "You are asked to complete the following task: "
    query_text += task  # expect: PL104
    query_text += "\n\n"
    previous_action_text = "Previous Actions:\n"
    if previous_actions is None:
        previous_actions = []
    for action_text in previous_actions:
        previous_action_text += action_text
        previous_action_text += "\n"
    query_text += previous_action_text  # expect: PL104
    query_text += "\n"
    # the fixed instructions, after everything that changes from step to step
    query_text += question_description
    return [sys_role, query_text]
