"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/storm_wiki/modules/persona_generator.py
(lines 56-111), trimmed; not the original text.
"""

import dspy


class GenPersona(dspy.Signature):
    """Select a group of Wikipedia editors, each with a different perspective on the topic, and describe their focus."""

    topic = dspy.InputField(prefix="Topic of interest:", format=str)
    examples = dspy.InputField(prefix="Wiki page outlines of related topics for inspiration:\n", format=str)
    personas = dspy.OutputField(format=str)


class CreateWriterWithPersona(dspy.Module):
    def __init__(self, engine):
        super().__init__()
        self.gen_persona = dspy.ChainOfThought(GenPersona)
        self.engine = engine

    def forward(self, topic: str, examples: list):
        with dspy.settings.context(lm=self.engine):
            # clean: static instructions, the topic, then the related pages' outlines
            out = self.gen_persona(topic=topic, examples="\n----------\n".join(examples or ["N/A"]))
        return dspy.Prediction(personas=out.personas)
