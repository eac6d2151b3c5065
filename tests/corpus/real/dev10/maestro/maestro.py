"""Reconstruction of Doriandarko/maestro@d552e010c0c0b3ab1480dc5323f8e9479d7188a6:maestro.py (lines 1-166, 202-258), trimmed; not the original text."""

import re
from datetime import datetime

from anthropic import Anthropic
from tavily import TavilyClient

client = Anthropic(api_key="YOUR KEY")

ORCHESTRATOR_MODEL = "claude-3-5-sonnet-20240620"
SUB_AGENT_MODEL = "claude-3-5-sonnet-20240620"
REFINER_MODEL = "claude-3-5-sonnet-20240620"


def opus_orchestrator(objective, file_content=None, previous_results=None, use_search=False):
    previous_results_text = "\n".join(previous_results) if previous_results else "None"
    messages = [
        {
            "role": "user",
            "content": [
                {
                    "type": "text",
                    "text": "Based on the following objective and the previous sub-task results (if any), break the "
                    "objective down into the next sub-task and write a concise, detailed prompt for a subagent "
                    "to execute it. For code tasks, check the code for errors and include fixes in the next "
                    "sub-task. If the previous results fully achieve the objective, start your response with "
                    "'The task is complete:'; otherwise give the next sub-task and its prompt.:\n\n"
                    f"Objective: {objective}"
                    + ("\nFile content:\n" + file_content if file_content else "")
                    + f"\n\nPrevious sub-task results:\n{previous_results_text}",
                }
            ],
        }
    ]
    if use_search:
        messages[0]["content"].append(
            {"type": "text", "text": 'Also return a JSON object {"search_query": "<question>"} for an online search.'}
        )
    opus_response = client.messages.create(model=ORCHESTRATOR_MODEL, max_tokens=4096, messages=messages)
    response_text = opus_response.content[0].text
    search_query = None
    return response_text, file_content, search_query


def haiku_sub_agent(prompt, search_query=None, previous_haiku_tasks=None, use_search=False, continuation=False):
    if previous_haiku_tasks is None:
        previous_haiku_tasks = []
    continuation_prompt = "Continuing from the previous answer, please complete the response."
    # the log of earlier tasks only grows at its end
    system_message = "Previous Haiku tasks:\n" + "\n".join(
        f"Task: {task['task']}\nResult: {task['result']}" for task in previous_haiku_tasks
    )
    if continuation:
        prompt = continuation_prompt
    qna_response = None
    if search_query and use_search:
        tavily = TavilyClient(api_key="YOUR API KEY HERE")
        qna_response = tavily.qna_search(query=search_query)
    messages = [{"role": "user", "content": [{"type": "text", "text": prompt}]}]
    if qna_response:
        messages[0]["content"].append({"type": "text", "text": f"\nSearch Results:\n{qna_response}"})
    haiku_response = client.messages.create(
        model=SUB_AGENT_MODEL, max_tokens=4096, messages=messages, system=system_message
    )
    response_text = haiku_response.content[0].text
    if haiku_response.usage.output_tokens >= 4000:
        response_text += haiku_sub_agent(prompt, search_query, previous_haiku_tasks, use_search, continuation=True)
    return response_text


def opus_refine(objective, sub_task_results, filename, projectname, continuation=False):
    # one request per run: the objective and results come before ~1.6k characters of fixed instructions
    messages = [
        {
            "role": "user",
            "content": [
                {
                    "type": "text",
                    "text": "Objective: " + objective + "\n\nSub-task results:\n" + "\n".join(sub_task_results)
                    + "\n\nReview and refine the sub-task results into one cohesive final output, adding what is "
                    "missing. Only for a coding project, also give: 1. Project Name, at most 20 characters. "
                    "2. Folder Structure as a valid JSON object (keys for folders and files, null for files, "
                    "double-quoted keys) wrapped in <folder_structure> tags. 3. Code Files, each as "
                    "'Filename: <filename>' followed by a fenced code block with its language.",
                }
            ],
        }
    ]
    opus_response = client.messages.create(model=REFINER_MODEL, max_tokens=4096, messages=messages)
    response_text = opus_response.content[0].text.strip()
    if opus_response.usage.output_tokens >= 4000 and not continuation:
        response_text += "\n" + opus_refine(objective, sub_task_results + [response_text], filename, projectname, continuation=True)
    return response_text


objective = input("Please enter your objective: ")
file_content = None
use_search = input("Do you want to use search? (y/n): ").lower() == "y"

task_exchanges = []
haiku_tasks = []

while True:
    previous_results = [result for _, result in task_exchanges]
    if not task_exchanges:
        # the file content goes only into the first orchestrator call
        opus_result, file_content_for_haiku, search_query = opus_orchestrator(objective, file_content, previous_results, use_search)
    else:
        opus_result, _, search_query = opus_orchestrator(objective, previous_results=previous_results, use_search=use_search)
    if "The task is complete:" in opus_result:
        final_output = opus_result.replace("The task is complete:", "").strip()
        break
    sub_task_prompt = opus_result
    if file_content_for_haiku and not haiku_tasks:
        sub_task_prompt = f"{sub_task_prompt}\n\nFile content:\n{file_content_for_haiku}"
    sub_task_result = haiku_sub_agent(sub_task_prompt, search_query, haiku_tasks, use_search)
    haiku_tasks.append({"task": sub_task_prompt, "result": sub_task_result})
    task_exchanges.append((sub_task_prompt, sub_task_result))
    file_content_for_haiku = None

sanitized_objective = re.sub(r"\W+", "_", objective)
timestamp = datetime.now().strftime("%H-%M-%S")
refined_output = opus_refine(objective, [result for _, result in task_exchanges], timestamp, sanitized_objective)
