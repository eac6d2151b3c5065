"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/storm_wiki/modules/outline_generation.py
(lines 75-165), trimmed; not the original text.
"""

from typing import Optional

import dspy


class WritePageOutline(dspy.Signature):
    """Write an outline for a Wikipedia page, using "#" for section titles."""

    topic = dspy.InputField(prefix="The topic you want to write: ", format=str)
    outline = dspy.OutputField(prefix="Write the Wikipedia page outline:\n", format=str)


class WritePageOutlineFromConv(dspy.Signature):
    """Improve an outline for a Wikipedia page using the conversation with an expert."""

    topic = dspy.InputField(prefix="The topic you want to write: ", format=str)
    conv = dspy.InputField(prefix="Conversation history:\n", format=str)
    old_outline = dspy.OutputField(prefix="Current outline:\n", format=str)
    outline = dspy.OutputField(prefix="Write the Wikipedia page outline:\n", format=str)


class WriteOutline(dspy.Module):
    def __init__(self, engine):
        super().__init__()
        self.draft_page_outline = dspy.Predict(WritePageOutline)
        self.write_page_outline = dspy.Predict(WritePageOutlineFromConv)
        self.engine = engine

    def forward(self, topic: str, dlg_history, old_outline: Optional[str] = None):
        kept = [t for t in dlg_history if "topic you" not in t.agent_utterance.lower() and "topic you" not in t.user_utterance.lower()]
        conv = "\n".join(f"Wikipedia Writer: {t.user_utterance}\nExpert: {t.agent_utterance}" for t in kept)
        with dspy.settings.context(lm=self.engine):
            if old_outline is None:
                old_outline = self.draft_page_outline(topic=topic).outline
            # clean: one request per topic; the topic first, then the whole conversation and the draft outline
            outline = self.write_page_outline(topic=topic, old_outline=old_outline, conv=conv).outline
        return dspy.Prediction(outline=outline, old_outline=old_outline)
