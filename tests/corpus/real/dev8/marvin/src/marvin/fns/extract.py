"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/fns/extract.py (lines 64-83), trimmed; not the original text."""

import marvin

PROMPT = """
You are an expert entity extractor. Extract every entity of the target type from the provided `data`."""


async def extract_async(data, target=None, instructions=None, *, agent=None, thread=None, context=None, prompt=None):
    if target is None:
        target = str
    task_context = context or {}
    task_context["Data to extract"] = data
    prompt = prompt or PROMPT
    if instructions:
        prompt += f"\n\nYou must follow these instructions for your extraction:\n{instructions}"
    task = marvin.Task(
        name="Extraction Task",
        instructions=prompt,
        context=task_context,
        result_type=list[target],
        agents=[agent] if agent else None,
    )
    return await task.run_async(thread=thread)
