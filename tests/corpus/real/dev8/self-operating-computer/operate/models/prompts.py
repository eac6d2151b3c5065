"""Reconstruction of OthersideAI/self-operating-computer@fac568eea7da5e24f8bc91bfc1211b65679177eb:operate/models/prompts.py (lines 11-267), trimmed; not the original text."""

import platform

SYSTEM_PROMPT_STANDARD = """
You control a {operating_system} machine the way a person at its keyboard would.
Answer with a JSON list of operations: click (x, y as percentages), write, press, done.
To open a program, press {os_search_str}; to focus the address bar press [{cmd_string}, "l"].
(... about a thousand tokens of fixed examples and notes ...)
Objective: {objective}
"""

SYSTEM_PROMPT_LABELED = """
You control a {operating_system} machine; the screenshot carries numbered labels, click by label.
To open a program, press {os_search_str}; shortcuts use {cmd_string}.
(... fixed examples ...)
Objective: {objective}
"""

SYSTEM_PROMPT_OCR = """
You control a {operating_system} machine; click by the visible text of the element.
To open a program, press {os_search_str}; new tab is [{cmd_string}, "t"].
(... fixed examples ...)
Objective: {objective}
"""

OPERATE_FIRST_MESSAGE_PROMPT = """
Take the next best action; you start in the terminal. Only click, write, press, done.
Action:"""

OPERATE_PROMPT = """
Take the next best action. Only click, write, press, done.
Action:"""


def get_system_prompt(model, objective):
    if platform.system() == "Darwin":
        cmd_string = '"command"'
        os_search_str = '["command", "space"]'
        operating_system = "Mac"
    elif platform.system() == "Windows":
        cmd_string = '"ctrl"'
        os_search_str = '["win"]'
        operating_system = "Windows"
    else:
        cmd_string = '"ctrl"'
        os_search_str = '["win"]'
        operating_system = "Linux"

    if model == "gpt-4-with-som":
        template = SYSTEM_PROMPT_LABELED
    elif model in ("gpt-4-with-ocr", "gpt-4.1-with-ocr", "o1-with-ocr", "claude-3", "qwen-vl"):
        template = SYSTEM_PROMPT_OCR
    else:
        template = SYSTEM_PROMPT_STANDARD
    prompt = template.format(
        objective=objective,
        cmd_string=cmd_string,
        os_search_str=os_search_str,
        operating_system=operating_system,
    )
    return prompt


def get_user_prompt():
    prompt = OPERATE_PROMPT
    return prompt


def get_user_first_message_prompt():
    prompt = OPERATE_FIRST_MESSAGE_PROMPT
    return prompt
