"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:benchmark_collection/1_create_inno_graph.py (lines 77-117, 152-175, 200-235), trimmed; not the original text.

Each paper is analysed in five steps and two tasks; every request carries the whole paper text.
"""

import json

from utils.openai_utils import GPTClient


def truncate_text(text: str, max_tokens: int) -> str:
    return text[: max_tokens * 4]


async def process_step(client: GPTClient, step_num: int, paper: dict, overall_instruction: str,
                       step_instruction: str, pdf_text: str, previous_results: dict = None):
    metadata_str = json.dumps(paper, indent=2)
    prompt = f"{overall_instruction}\n\n{step_instruction}\n\nPaper Metadata:\n{metadata_str}\n\nPaper Content:\n{pdf_text}"  # expect: PL104
    if previous_results and step_num > 1:
        prompt += f"\n\nResults from previous steps:\n{json.dumps(previous_results, indent=2)}"
    prompt = truncate_text(prompt, max_tokens=128000)
    system_prompt = (
        "You are an expert in analyzing research papers.\n"
        f"You are now performing Step {step_num} of the analysis process.\n"  # expect: PL104
        "Provide your response in the exact JSON format specified in the instruction."
    )
    prompt = system_prompt + "\n\n" + prompt
    response = (await client.chat(prompt, temperature=0.7)).strip()
    return json.loads(response)


async def process_tasks(client: GPTClient, paper: dict, instructions: dict, pdf_text: str) -> dict:
    task_results = {}
    for task_id in ["task1", "task2"]:
        prompt = f"{instructions[task_id]}\n\nPaper Content:\n{pdf_text}"  # expect: PL104
        prompt = truncate_text(prompt, max_tokens=128000)
        task_results[task_id] = (await client.chat(prompt, temperature=0.7)).strip()
    return task_results


async def process_paper(client: GPTClient, paper: dict, instructions: dict, pdf_text: str) -> dict:
    results: dict = {}
    for step in range(1, 6):
        results[f"step{step}"] = await process_step(
            client, step, paper, instructions["overall"], instructions[f"step{step}"], pdf_text, results
        )
    results["tasks"] = await process_tasks(client, paper, instructions, pdf_text)
    return results
