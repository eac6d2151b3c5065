"""Reconstruction of microsoft/autogen@027ecf0a379bcc1d09956d46d12d44a3ad9cee14:python/packages/autogen-agentchat/src/autogen_agentchat/teams/_group_chat/_magentic_one/_magentic_one_orchestrator.py (lines 262-330), trimmed; not the original text."""

from autogen_core.models import UserMessage


class MagenticOneOrchestrator:
    async def _reenter_outer_loop(self, cancellation_token) -> None:
        for participant in self._participant_names:
            await self._reset_participant(participant)
        # a new plan after a stall: the thread restarts from the task ledger
        self._message_thread.clear()
        ledger = self._get_task_ledger_full_prompt(self._task, self._team_description, self._facts, self._plan)
        await self.update_message_thread([ledger])
        await self._orchestrate_step(cancellation_token=cancellation_token)

    async def _orchestrate_step(self, cancellation_token) -> None:
        self._n_rounds += 1
        context = self._thread_to_context()
        progress_ledger_prompt = self._get_progress_ledger_prompt(self._task, self._team_description, self._participant_names)
        context.append(UserMessage(content=progress_ledger_prompt, source=self._name))
        await self._model_client.create(self._get_compatible_context(context), json_output=True)
