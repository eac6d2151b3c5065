"""Reconstruction of stanford-oval/WikiChat@803683b1139117d374801688af1d9d968e04a07b:pipelines/dialogue_state.py (lines 111-136), trimmed; not the original text."""

import re

from pydantic import BaseModel


class DialogueState(BaseModel):
    config: dict
    turns: list

    @property
    def current_turn(self):
        return self.turns[-1]

    def history(self, num_turns: int) -> str:
        # rendered into the templates' final input section, after the instruction and the examples
        history = ""
        for t in self.turns[:-1][-num_turns:]:
            if t.user_utterance:
                history += "User: " + t.user_utterance + "\n"
            if t.agent_utterance:
                history += "Chatbot: " + t.agent_utterance + "\n"
        history += "User: " + self.current_turn.user_utterance
        for citation in re.findall(r"\[\d+\]", history):
            history = history.replace(citation, "")
        return history
