"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/code_monkey.py (lines 95-136), trimmed; not the original text."""

from core.agents.base import BaseAgent
from core.agents.convo import AgentConvo


class CodeMonkey(BaseAgent):
    agent_type = "code-monkey"

    async def implement_changes(self, file_name: str, file_content: str, iterations: list[dict]) -> dict:
        llm = self.get_llm("code_monkey")
        if iterations:
            instructions = iterations[-1].get("description")
        else:
            instructions = self.current_state.current_task["instructions"]
        convo = AgentConvo(self).template(  # expect: PL104
            "implement_changes",
            file_name=file_name,
            file_content=file_content,
            instructions=instructions,
        )
        response: str = await llm(convo, temperature=0)
        return {"path": file_name, "old_content": file_content, "new_content": response}
