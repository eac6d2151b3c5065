"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/mixins.py (lines 53-192), trimmed; not the original text."""

import json
from typing import Optional

from core.agents.convo import AgentConvo
from core.llm.parser import JSONParser


class ChatWithBreakdownMixin:
    async def chat_with_breakdown(self, convo: AgentConvo, breakdown: str) -> AgentConvo:
        llm = self.get_llm("Developer.breakdown", stream_output=True)
        while True:
            chat = await self.ask_question(
                "Are you happy with the breakdown? Now is a good time to ask questions or suggest changes.",
                buttons={"yes": "Yes, looks good!"},
                default="yes",
            )
            if chat.button == "yes":
                break
            if len(convo.messages) > 11:
                convo.trim(3, 2)  # expect: PL301
            convo.user(chat.text)
            breakdown: str = await llm(convo)
            convo.assistant(breakdown)
        return breakdown


class IterationPromptMixin:
    async def find_solution(self, user_feedback: str, *, user_feedback_qa=None, next_solution_to_try=None, bug_hunting_cycles=None) -> str:
        llm = self.get_llm("Troubleshooter.generate_bug_report", stream_output=True)
        convo = AgentConvo(self).template(
            "iteration",
            user_feedback=user_feedback,
            user_feedback_qa=user_feedback_qa,
            next_solution_to_try=next_solution_to_try,
            bug_hunting_cycles=bug_hunting_cycles,
            test_instructions=json.loads(self.current_state.current_task.get("test_instructions") or "[]"),
        )
        llm_solution: str = await llm(convo)
        llm_solution = await self.chat_with_breakdown(convo, llm_solution)
        return llm_solution


class RelevantFilesMixin:
    async def get_relevant_files(self, user_feedback: Optional[str] = None, solution_description: Optional[str] = None):
        done = False
        relevant_files = set()
        llm = self.get_llm("get_relevant_files")
        convo = (
            AgentConvo(self)
            .template("filter_files", user_feedback=user_feedback, solution_description=solution_description, relevant_files=relevant_files)
            .require_schema(RelevantFiles)
        )
        while not done and len(convo.messages) < 23:
            llm_response: RelevantFiles = await llm(convo, parser=JSONParser(RelevantFiles), temperature=0)
            action = llm_response.action
            if action is None:
                convo.remove_last_x_messages(2)
                continue
            if getattr(action, "add_files", None):
                relevant_files.update(file for file in action.add_files if file not in relevant_files)
            if getattr(action, "remove_files", None):
                relevant_files.difference_update(action.remove_files)
            read_files = [file for file in self.current_state.files if file.path in (getattr(action, "read_files", []) or [])]
            convo.remove_last_x_messages(1)
            convo.assistant(llm_response.original_response)
            convo.template("filter_files_loop", read_files=read_files, relevant_files=relevant_files).require_schema(RelevantFiles)
            done = getattr(action, "done", False)
        existing_files = {file.path for file in self.current_state.files}
        relevant_files = [path for path in relevant_files if path in existing_files]
        self.current_state.relevant_files = relevant_files
        self.next_state.relevant_files = relevant_files
