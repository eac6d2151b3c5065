"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/collaborative_storm/modules/costorm_expert_utterance_generator.py
(lines 17-40, 103-133), trimmed; not the original text.
"""

import dspy


class GenExpertActionPlanning(dspy.Signature):
    """You are an invited speaker in a round table conversation. Write a one-sentence note on your next contribution:
    Original Question, Further Details, Information Request or Potential Answer."""

    topic = dspy.InputField(prefix="topic of discussion: ", format=str)
    expert = dspy.InputField(prefix="You are inivited as: ", format=str)
    summary = dspy.InputField(prefix="Discussion history: \n", format=str)
    last_utterance = dspy.InputField(prefix="Last utterance in the conversation: \n", format=str)
    resposne = dspy.OutputField(prefix="Now give your note.\n", format=str)


class CoStormExpertUtteranceGenerationModule(dspy.Module):
    def __init__(self, action_planning_lm):
        self.action_planning_lm = action_planning_lm
        self.expert_action = dspy.Predict(GenExpertActionPlanning)

    def forward(self, topic: str, current_expert: str, conversation_summary: str, last_utterance: str):
        with dspy.settings.context(lm=self.action_planning_lm, show_guidelines=False):
            # clean: static instructions first; the topic, the expert, the summary and the last utterance after
            action = self.expert_action(
                topic=topic, expert=current_expert, summary=conversation_summary, last_utterance=last_utterance
            ).resposne
        return action
