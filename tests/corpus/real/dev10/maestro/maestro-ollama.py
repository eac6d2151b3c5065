"""Reconstruction of Doriandarko/maestro@d552e010c0c0b3ab1480dc5323f8e9479d7188a6:maestro-ollama.py (lines 57-89, 149-160), trimmed; not the original text."""

import json

import ollama

client = ollama.Client()
SUBAGENT_MODEL = "llama3:70b"


def haiku_sub_agent(prompt, previous_haiku_tasks=None, continuation=False):
    if previous_haiku_tasks is None:
        previous_haiku_tasks = []
    continuation_prompt = "Continuing from the previous answer, please complete the response."
    if continuation:
        prompt = continuation_prompt
    previous_tasks_summary = "Previous Sub-agent tasks:\n" + "\n".join(
        f"Task: {task['task']}\nResult: {task['result']}" for task in previous_haiku_tasks
    )
    # the growing log first, the new sub-task prompt last, in one user message
    full_prompt = f"{previous_tasks_summary}\n\n{prompt}"
    response = client.chat(model=SUBAGENT_MODEL, messages=[{"role": "user", "content": full_prompt}])
    response_text = response["message"]["content"]
    if len(response_text) >= 4000:
        response_text += haiku_sub_agent(prompt, previous_haiku_tasks, continuation=True)
    return response_text


def write_task_data(task_data):
    with open("task_data.json", "w") as file:
        json.dump(task_data, file)
