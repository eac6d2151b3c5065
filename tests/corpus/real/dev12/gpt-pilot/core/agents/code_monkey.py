"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/code_monkey.py (lines 74-136, 227-245, 247-320), trimmed; not the original text."""

from typing import Optional

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo
from core.agents.mixins import FileDiffMixin


class CodeMonkey(FileDiffMixin, BaseAgent):
    async def implement_changes(self, data: Optional[dict] = None) -> dict:
        file_name = self.step["save_file"]["path"]
        file_content = self.current_state.get_file_by_path(file_name)
        task = self.current_state.current_task
        instructions = self.current_state.current_task["instructions"]
        llm = self.get_llm("CodeMonkey")
        # implement_changes.prompt names the file in its first lines, ahead of the fixed coding rules
        convo = AgentConvo(self).template(
            "implement_changes",
            file_name=file_name,  # expect: PL104
            file_content=file_content,
            instructions=instructions,
            user_feedback=None,
            user_feedback_qa=None,
        )
        response: str = await llm(convo, temperature=0, parser=OptionalCodeBlockParser())
        return {"path": file_name, "instructions": task["instructions"], "old_content": file_content, "new_content": response}

    def _get_task_convo(self) -> AgentConvo:
        task = self.current_state.current_task
        current_task_index = self.current_state.tasks.index(task)
        convo = AgentConvo(self).template(  # expect: PL104
            "breakdown",
            task=task,
            iteration=None,
            current_task_index=current_task_index,
            related_api_endpoints=task.get("related_api_endpoints", []),
        )
        if self.current_state.iterations:
            convo.assistant(self.current_state.iterations[-1]["description"])
        else:
            convo.assistant(self.current_state.current_task["instructions"])
        return convo

    async def review_change(self, file_name: str, instructions: str, old_content: str, new_content: str):
        hunks = self.get_diff_hunks(file_name, old_content, new_content)
        llm = self.get_llm("CodeMonkey.code_review")
        convo = (
            self._get_task_convo()
            .template("review_changes", instructions=instructions, file_name=file_name, old_content=old_content, hunks=hunks)
            .require_schema(ReviewChanges)
        )
        llm_response = await llm(convo, temperature=0, parser=JSONParser(ReviewChanges))
        ids_to_apply = set()
        for hunk in llm_response.hunks:
            if hunk.decision == "apply":
                ids_to_apply.add(hunk.number - 1)
        hunks_to_apply = [h for i, h in enumerate(hunks) if i in ids_to_apply]
        return self.apply_diff(file_name, old_content, hunks_to_apply, new_content), None
