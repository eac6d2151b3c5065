"""Reconstruction of OSU-NLP-Group/SeeAct@2434627b196b33d1b0668a418188dd2f348883bb:seeact_package/seeact/data_utils/format_prompt_utils.py (lines 18-101), trimmed; not the original text."""

import string


def generate_new_query_prompt(system_prompt="", task="", previous_actions=None, question_description=""):
    sys_role = "" + system_prompt
    query_text = "You are asked to complete the following task: "
    # the task and the actions taken so far come first, the long fixed instructions after them
    query_text += task  # expect: PL104
    query_text += "\n\n"
    previous_action_text = "Previous Actions:\n"
    for action_text in previous_actions or []:
        previous_action_text += action_text + "\n"
    query_text += previous_action_text  # expect: PL104
    query_text += "\n"
    query_text += question_description
    return [sys_role, query_text]


def generate_new_referring_prompt(referring_description="", element_format="", action_format="", value_format="",
                                  choices=None):
    # the grounding question: the final user turn of the second call
    referring_prompt = ""
    if referring_description:
        referring_prompt += referring_description + "\n\n"
    if choices:
        referring_prompt += format_options(choices)
    if element_format:
        referring_prompt += element_format + "\n\n"
    if action_format:
        referring_prompt += action_format + "\n\n"
    if value_format:
        referring_prompt += value_format
    return referring_prompt


def format_options(choices):
    multi_choice = ""
    for idx, choice in enumerate(choices):
        multi_choice += f"{generate_option_name(idx)}. {choice}\n"
    none_option = generate_option_name(len(choices))
    multi_choice += f"{none_option}. None of the other options match."
    return f"If no element matches, select {none_option}.\n" + multi_choice + "\n\n"


def generate_option_name(index):
    if index < 26:
        return string.ascii_uppercase[index]
    return string.ascii_uppercase[(index - 26) // 26] + string.ascii_uppercase[(index - 26) % 26]
