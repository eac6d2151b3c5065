"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/frontend.py (lines 82-134), trimmed; not the original text."""

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo
from core.agents.mixins import FileDiffMixin


class Frontend(FileDiffMixin, BaseAgent):
    async def start_frontend(self):
        description = self.current_state.epics[0]["description"]
        llm = self.get_llm("Frontend")
        convo = AgentConvo(self).template("build_frontend", description=description, user_feedback=None)
        response = await llm(convo, parser=DescriptiveCodeBlockParser())
        convo.assistant(response.original_response)
        await self.process_response(response.blocks)
        self.next_state.epics[-1]["messages"] = convo.messages
        return False

    async def continue_frontend(self):
        llm = self.get_llm("Frontend")
        convo = AgentConvo(self)
        convo.messages = self.current_state.epics[0]["messages"]
        convo.user(
            "Ok, now think carefully about your previous response. If the response ends by mentioning something about continuing with the implementation, continue but don't implement any files that have already been implemented. If your last response doesn't end by mentioning continuing, respond only with `DONE` and with nothing else."
        )
        response = await llm(convo, parser=DescriptiveCodeBlockParser())
        convo.assistant(response.original_response)
        await self.process_response(response.blocks)
        self.next_state.epics[-1]["messages"] = convo.messages
        return False
