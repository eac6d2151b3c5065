"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/fns/classify.py (lines 8-160), trimmed; not the original text."""

import marvin

DEFAULT_PROMPT = """
You are an expert classifier. Classify the provided `data` as one of the provided labels."""


async def classify_async(data, labels, multi_label: bool = False, *, instructions=None, agent=None,
                         thread=None, context=None, prompt=None):
    task_context = context or {}
    task_context.update({"Data to classify": data})
    prompt = prompt or DEFAULT_PROMPT
    if instructions:
        prompt += f"\n\nYou must follow these instructions for your classification:\n{instructions}"
    task = marvin.Task(
        name="Classification Task",
        instructions=prompt,
        context=task_context,
        result_type=labels,
        agents=[agent] if agent else None,
    )
    return await task.run_async(thread=thread)
