"""Reconstruction of melih-unsal/DemoGPT@aca748b7134549d6fa80c5c3a989779919697095:demogpt/chains/task_definitions.py (lines 172-243), trimmed; not the original text."""

import json

ALL_TASKS = [
    {"name": "ui_input_text", "description": "Gets input from the user as a text.", "purpose": "Collect text input",
     "input_data_type": "none", "output_data_type": "string"},
    {"name": "chat", "description": "Chat with the user.", "purpose": "Conversation",
     "input_data_type": "string", "output_data_type": "string"},
]


def jsonFixer(data):
    data = json.dumps(data, indent=4)
    return data.replace("{", "{{").replace("}", "}}")


def getTasks(app_type):
    TASKS = [task for task in ALL_TASKS if app_type["is_chat"] == "true" or "chat" not in task["name"]]
    TASK_TYPE2_TASK = {task["name"]: task for task in TASKS}
    TASK_NAMES = [task["name"] for task in TASKS]
    TASK_PURPOSES = jsonFixer({task["name"]: task["purpose"] for task in TASKS})
    TASK_DESCRIPTIONS = jsonFixer(TASKS)
    TASK_DTYPES = jsonFixer({task["name"]: {"input_data_type": task["input_data_type"], "output_data_type": task["output_data_type"]} for task in TASKS})
    return TASK_DESCRIPTIONS, TASK_NAMES, TASK_DTYPES, TASK_PURPOSES, TASK_TYPE2_TASK
