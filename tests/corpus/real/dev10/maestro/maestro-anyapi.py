"""Reconstruction of Doriandarko/maestro@d552e010c0c0b3ab1480dc5323f8e9479d7188a6:maestro-anyapi.py (lines 60-98), trimmed; not the original text."""

from litellm import completion

SUB_AGENT_MODEL = "anthropic/claude-3-haiku-20240307"


def gpt_sub_agent(prompt, search_query=None, previous_gpt_tasks=None, use_search=False, continuation=False):
    if previous_gpt_tasks is None:
        previous_gpt_tasks = []
    system_message = (
        "You are an expert assistant. Execute tasks accurately, explain your reasoning in detail, and "
        "make sure any code is correct. Always validate your output thoroughly.\n\n"
        "Previous tasks:\n" + "\n".join(f"Task: {task['task']}\nResult: {task['result']}" for task in previous_gpt_tasks)
    )
    if continuation:
        prompt = "Continuing from the previous answer, please complete the response."
    messages = [{"role": "system", "content": system_message}, {"role": "user", "content": prompt}]
    response = completion(model=SUB_AGENT_MODEL, messages=messages)
    response_text = response["choices"][0]["message"]["content"]
    if len(response_text) >= 4000:
        response_text += gpt_sub_agent(prompt, search_query, previous_gpt_tasks, use_search, continuation=True)
    return response_text
