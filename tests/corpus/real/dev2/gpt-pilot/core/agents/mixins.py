"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/mixins.py (lines 55-92, 140-191), trimmed; not the original text."""

from typing import Optional

from pydantic import BaseModel

from core.agents.convo import AgentConvo


class RelevantFiles(BaseModel):
    add_files: list[str] = []
    remove_files: list[str] = []
    read_files: list[str] = []
    done: bool = False


class ChatWithBreakdownMixin:
    async def chat_with_breakdown(self, convo: AgentConvo, breakdown: str) -> str:
        llm = self.get_llm("breakdown", stream_output=True)
        while True:
            chat = await self.ask_question("Are you happy with the breakdown?", buttons={"yes": "Yes, looks good!"})
            if chat.button == "yes":
                break
            if len(convo.messages) > 11:
                convo.trim(3, 2)  # expect: PL301
            convo.user(chat.text)
            breakdown = await llm(convo)
            convo.assistant(breakdown)
        return breakdown


class RelevantFilesMixin:
    async def get_relevant_files(self, user_feedback: Optional[str] = None) -> None:
        done = False
        relevant_files = set()  # expect: PL201
        llm = self.get_llm("relevant_files")
        convo = AgentConvo(self).template("filter_files", relevant_files=relevant_files).require_schema(RelevantFiles)
        while not done and len(convo.messages) < 23:
            action: RelevantFiles = await llm(convo, parser=RelevantFiles.model_validate_json)
            relevant_files.update(file for file in action.add_files if file not in relevant_files)
            relevant_files.difference_update(action.remove_files)
            read_files = [file for file in self.current_state.files if file.path in action.read_files]
            # the schema request that ended the last prompt is dropped before appending the reply
            convo.remove_last_x_messages(1)  # expect: PL301
            convo.assistant(action.model_dump_json())
            convo.template("filter_files_loop", read_files=read_files, relevant_files=relevant_files).require_schema(
                RelevantFiles
            )
            done = action.done
        existing_files = {file.path for file in self.current_state.files}
        self.next_state.relevant_files = [path for path in relevant_files if path in existing_files]
