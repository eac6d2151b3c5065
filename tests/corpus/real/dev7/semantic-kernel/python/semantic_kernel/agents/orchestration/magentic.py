"""Reconstruction of microsoft/semantic-kernel@b39d95a34435f4c1d55dd00c86120ce118d847e1:python/semantic_kernel/agents/orchestration/magentic.py (lines 419-462, 600-610), trimmed; not the original text.

The progress-ledger prompt is appended to a deep copy of the context's history: it is the final
user turn of that one request and is never kept.
"""

from html import escape


class StandardMagenticManager:
    progress_ledger_prompt = "Recall we are working on the following request:\n{{$task}}\nTeam:\n{{$team}}\nAnswer with JSON."

    def __init__(self, chat_completion_service, prompt_execution_settings):
        self.chat_completion_service = chat_completion_service
        self.prompt_execution_settings = prompt_execution_settings

    async def create_progress_ledger(self, magentic_context):
        escaped_participant_descriptions: dict = {}
        for key, value in magentic_context.participant_descriptions.items():
            escaped_participant_descriptions[key] = escape(value)
        progress_ledger_prompt = self.progress_ledger_prompt.replace("{{$task}}", magentic_context.task.content).replace(
            "{{$team}}", str(escaped_participant_descriptions)
        )
        magentic_context.chat_history.append({"role": "user", "content": progress_ledger_prompt})
        return await self.chat_completion_service.get_chat_message_content(magentic_context.chat_history, self.prompt_execution_settings)


class MagenticManagerActor:
    def __init__(self, manager, context):
        self._manager = manager
        self._context = context

    async def _run_inner_loop(self):
        return await self._manager.create_progress_ledger(self._context.model_copy(deep=True))
