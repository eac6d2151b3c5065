"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/spec_writer.py (lines 122-197), trimmed; not the original text."""

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo


class SpecWriter(BaseAgent):
    async def analyze_spec(self, spec: str) -> str:
        llm = self.get_llm("SpecWriter", stream_output=True)
        convo = AgentConvo(self).template("ask_questions").user(spec)
        while True:
            response: str = await llm(convo)
            if len(response) > 500:
                confirm = await self.ask_question("Would you like to change or add anything? Write it out here.", allow_empty=True)
                if confirm.cancelled or confirm.text == "":
                    return response.strip()
                convo.user(confirm.text)
            else:
                convo.assistant(response)
                user_response = await self.ask_question(response)
                if user_response.button == "skip":
                    convo.user("Skip this question.")
                    continue
                convo.user(user_response.text)
