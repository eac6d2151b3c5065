"""Reconstruction of langchain-ai/open_deep_research@408da442a661ea5e40a6163329f82e3f22628949:src/open_deep_research/prompts.py (lines 1-367), trimmed; not the original text.

The templates are paraphrased; what matters is where each placeholder sits.
"""

clarify_with_user_instructions = """Messages so far with the user:
<Messages>
{messages}
</Messages>

The date today: {date}.

Decide whether a clarifying question is needed before research starts (long fixed guidance).
"""

transform_messages_into_research_topic_prompt = """Turn these messages into a research brief.
<Messages>
{messages}
</Messages>
The date today: {date}.
Write one detailed research question (long fixed guidance).
"""

lead_researcher_prompt = """You supervise research through the ConductResearch tool. The date today: {date}.
(long fixed instructions on delegating, at most {max_researcher_iterations} calls,
at most {max_concurrent_research_units} parallel units)
"""

research_system_prompt = """You research the user's topic. The date today: {date}.
(long fixed instructions on searching and reflecting)
{mcp_prompt}
"""

compress_research_system_prompt = """You have researched with tools; now clean up the findings. The date today: {date}.
(long fixed instructions on compressing without losing facts)
"""

compress_research_simple_human_message = """The messages above hold the research; clean the findings up."""

final_report_generation_prompt = """Answer the research brief:
<Research Brief>
{research_brief}
</Research Brief>
<Messages>
{messages}
</Messages>
The date today: {date}.
<Findings>
{findings}
</Findings>
(fixed report-format instructions)
"""

summarize_webpage_prompt = """Summarise this web page for a research agent.
<webpage_content>
{webpage_content}
</webpage_content>
(fixed summary instructions)
The date today: {date}.
"""
