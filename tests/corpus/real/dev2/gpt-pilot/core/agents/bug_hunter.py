"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/bug_hunter.py (lines 225-285), trimmed; not the original text."""

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo


class BugHunter(BaseAgent):
    agent_type = "bug-hunter"

    async def start_pair_programming(self, convo: AgentConvo):
        llm = self.get_llm("bug_hunter", stream_output=True)
        while True:
            next_step = await self.ask_question("What do you want to do?", buttons={"question": "I have a question", "done": "Done"})
            convo.remove_last_x_messages(2)
            if len(convo.messages) > 10:
                convo.trim(1, 2)  # expect: PL301
            if next_step.button == "done":
                break
            user_response = await self.ask_question("What would you like to know?")
            convo = convo.template("ask_a_question", question=user_response.text)
            llm_answer = await llm(convo, temperature=0.5)
            await self.ui.send_message(llm_answer)
