"""Reconstruction of langchain-ai/open_deep_research@408da442a661ea5e40a6163329f82e3f22628949:src/legacy/prompts.py (lines 1-27, 265-442), trimmed; not the original text."""

report_planner_query_writer_instructions = """Research for a report on:
<Report topic>
{topic}
</Report topic>
<Report organization>
{report_organization}
</Report organization>
Write {number_of_queries} search queries (fixed guidance).
Today is {today}
"""

SUPERVISOR_INSTRUCTIONS = """
You scope and plan a report, then call the Sections tool.
(long fixed instructions on planning, introduction and conclusion)
Today is {today}
"""

RESEARCH_INSTRUCTIONS = """
You research and write one section of a report.
<Section Description>
{section_description}
</Section Description>
(long fixed instructions; run up to {number_of_queries} searches)
Today is {today}
"""
