"""Reconstruction of Doriandarko/maestro@d552e010c0c0b3ab1480dc5323f8e9479d7188a6:maestro-gpt4o.py (lines 40-123), trimmed; not the original text."""

from openai import OpenAI

openai_client = OpenAI(api_key="YOUR KEY")
ORCHESTRATOR_MODEL = "gpt-4o"
SUB_AGENT_MODEL = "gpt-4o"


def gpt_orchestrator(objective, file_content=None, previous_results=None, use_search=False):
    previous_results_text = "\n".join(previous_results) if previous_results else "None"
    messages = [
        {"role": "system", "content": "You are a helpful assistant."},
        {
            "role": "user",
            "content": "Based on the following objective and the previous sub-task results (if any), break "
            "the objective down into the next sub-task and write a detailed prompt for a subagent. If the "
            "objective is fully achieved, start with 'The task is complete:'.:\n\n"
            f"Objective: {objective}"
            + ("\nFile content:\n" + file_content if file_content else "")
            + f"\n\nPrevious sub-task results:\n{previous_results_text}",
        },
    ]
    if use_search:
        messages.append({"role": "user", "content": 'Also return {"search_query": "<question>"} as JSON.'})
    gpt_response = openai_client.chat.completions.create(model=ORCHESTRATOR_MODEL, messages=messages, max_tokens=4096)
    return gpt_response.choices[0].message.content, file_content, None


def gpt_sub_agent(prompt, search_query=None, previous_gpt_tasks=None, use_search=False, continuation=False):
    if previous_gpt_tasks is None:
        previous_gpt_tasks = []
    system_message = "Previous gpt tasks:\n" + "\n".join(
        f"Task: {task['task']}\nResult: {task['result']}" for task in previous_gpt_tasks
    )
    if continuation:
        prompt = "Continuing from the previous answer, please complete the response."
    messages = [{"role": "system", "content": system_message}, {"role": "user", "content": prompt}]
    gpt_response = openai_client.chat.completions.create(model=SUB_AGENT_MODEL, messages=messages, max_tokens=4096)
    return gpt_response.choices[0].message.content
