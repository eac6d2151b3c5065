"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/storm_wiki/modules/article_polish.py
(lines 56-101), trimmed; not the original text.
"""

import dspy


class WriteLeadSection(dspy.Signature):
    """Write a lead section for the given Wikipedia page."""

    topic = dspy.InputField(prefix="The topic of the page: ", format=str)
    draft_page = dspy.InputField(prefix="The draft page:\n", format=str)
    lead_section = dspy.OutputField(prefix="Write the lead section:\n", format=str)


class PolishPageModule(dspy.Module):
    def __init__(self, write_lead_engine, polish_engine):
        super().__init__()
        self.write_lead_engine = write_lead_engine
        self.write_lead = dspy.Predict(WriteLeadSection)

    def forward(self, topic: str, draft_page: str):
        with dspy.settings.context(lm=self.write_lead_engine, show_guidelines=False):
            # clean: static instructions, the topic, then the draft
            lead_section = self.write_lead(topic=topic, draft_page=draft_page).lead_section
        return dspy.Prediction(lead_section=lead_section)
