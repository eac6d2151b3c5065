"""Reconstruction of PrefectHQ/marvin@e81f5faf4c4fcde7cd622180c70293ee5bc027bf:src/marvin/fns/say.py (lines 12-52), trimmed; not the original text."""

import marvin
from marvin.thread import get_thread


async def say_async(message, instructions=None, agent=None, thread=None, context=None, handlers=None) -> str:
    task_context = context or {}
    if instructions:
        task_context["Additional instructions"] = instructions
    with get_thread(thread) as thread:
        # the user's message, then the task's prompt, are appended to the thread and kept as sent
        await thread.add_user_message_async(message)
        task = marvin.Task(
            instructions="Respond to the user",
            context=task_context,
            result_type=str,
            agents=[agent] if agent else None,
        )
        return await task.run_async(thread=thread, handlers=handlers)
