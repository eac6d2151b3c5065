"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-core/src/autogen_core/memory/_list_memory.py (lines 104-129), trimmed; not the original text."""

from autogen_core.models import SystemMessage


class ListMemory:
    def __init__(self) -> None:
        self._contents: list = []

    async def update_context(self, model_context):
        if not self._contents:
            return []
        memory_strings = [f"{i}. {str(memory.content)}" for i, memory in enumerate(self._contents, 1)]
        memory_context = "\nRelevant memory content (in chronological order):\n" + "\n".join(memory_strings) + "\n"
        await model_context.add_message(SystemMessage(content=memory_context))
        return self._contents
