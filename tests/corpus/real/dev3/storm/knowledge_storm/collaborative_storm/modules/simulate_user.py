"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/collaborative_storm/modules/simulate_user.py
(lines 9-37), trimmed; not the original text.

The simulated user of Co-STORM: turns older than the last four are rendered as their claim
instead of their utterance.
"""

from typing import List

import dspy

from ...storm_wiki.modules.knowledge_curation import AskQuestionWithPersona


def extract_and_remove_citations(text: str):
    return text, {}


class GenSimulatedUserUtterance(dspy.Module):
    def __init__(self, engine):
        self.engine = engine
        self.ask_qeustion = dspy.Predict(AskQuestionWithPersona)

    def gen_conv_history_string(self, conversation_turns: List) -> str:
        conv_history = []
        total_turns = len(conversation_turns)
        for i, turn in enumerate(conversation_turns):
            utterance, _ = extract_and_remove_citations(turn.utterance)
            if i >= total_turns - 4:  # expect: PL301
                conv_history.append(f"{turn.role}: {utterance}")
            elif turn.claim_to_make:
                conv_history.append(f"{turn.role}: {turn.claim_to_make}")
            else:
                conv_history.append(f"{turn.role}: {utterance}")
        return "\n".join(conv_history)

    def forward(self, topic: str, intent: str, conv_history: List):
        conv_history_string = self.gen_conv_history_string(conv_history)
        with dspy.settings.context(lm=self.engine, show_guidelines=False):
            return self.ask_qeustion(topic=topic, persona=f"researcher with interest in {intent}", conv=conv_history_string).question
