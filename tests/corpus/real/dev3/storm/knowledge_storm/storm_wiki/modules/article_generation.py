"""Reconstruction of stanford-oval/storm@fb951af7744dab086e34962e9bc6fe878e145f83:knowledge_storm/storm_wiki/modules/article_generation.py
(lines 33-50, 136-176), trimmed; not the original text.

Each section is written from a one-shot prompt whose first input is the information retrieved
for that section, ahead of the page's topic and the section's name.
"""

from typing import List

import dspy


class WriteSection(dspy.Signature):
    """Write a Wikipedia section based on the collected information. Cite sources inline as [1], [2]."""

    info = dspy.InputField(prefix="The collected information:\n", format=str)  # expect: PL104
    topic = dspy.InputField(prefix="The topic of the page: ", format=str)
    section = dspy.InputField(prefix="The section you need to write: ", format=str)
    output = dspy.OutputField(prefix="Write the section with proper inline citations:\n", format=str)


class ConvToSection(dspy.Module):
    def __init__(self, engine):
        super().__init__()
        self.write_section = dspy.Predict(WriteSection)
        self.engine = engine

    def forward(self, topic: str, outline: str, section: str, collected_info: List):
        info = ""
        for idx, storm_info in enumerate(collected_info):
            info += f"[{idx + 1}]\n" + "\n".join(storm_info.snippets) + "\n\n"
        with dspy.settings.context(lm=self.engine):
            output = self.write_section(topic=topic, info=info, section=section).output
        return dspy.Prediction(section=output)


class StormArticleGenerationModule:
    def __init__(self, article_gen_lm, retrieve_top_k: int = 5):
        self.retrieve_top_k = retrieve_top_k
        self.section_gen = ConvToSection(engine=article_gen_lm)

    def generate_section(self, topic, section_name, information_table, section_outline, section_query):
        collected_info = []
        if information_table is not None:
            collected_info = information_table.retrieve_information(queries=section_query, search_top_k=self.retrieve_top_k)
        output = self.section_gen(topic=topic, outline=section_outline, section=section_name, collected_info=collected_info)
        return {"section_name": section_name, "section_content": output.section, "collected_info": collected_info}
