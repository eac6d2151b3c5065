"""Reconstruction of assafelovic/gpt-researcher@5d84d2f5553e70a2765a8ff3a0d2672d60437ce8:gpt_researcher/prompts.py
(lines 40-84, 213-317, 490-517, 707-717), trimmed; not the original text.

One-shot prompts: each request is one user message (or a role system prompt and one user
message) built from an f-string template.
"""

import json
from datetime import date, datetime, timezone


class PromptFamily:
    @staticmethod
    def generate_mcp_tool_selection_prompt(query: str, tools_info: list[dict], max_tools: int = 3) -> str:
        # the query opens the prompt; the tool list and the instructions, the same for every
        # query on one configuration, come after it
        return (
            "You are a research assistant who picks the tools most relevant to a research query.\n\n"
            f'RESEARCH QUERY: "{query}"\n\n'  # expect: PL104
            f"AVAILABLE TOOLS:\n{json.dumps(tools_info, indent=2)}\n\n"
            f"TASK: pick EXACTLY {max_tools} tools that help research the query.\n\n"
            "SELECTION CRITERIA:\n"
            "- tools that give information or data related to the query\n"
            "- tools that search or retrieve relevant content\n"
            "- tools that complement each other\n"
            "- leave out unrelated tools\n\n"
            'Answer with JSON: {"selected_tools": [{"index": 0, "name": "tool_name", "relevance_score": 9, '
            '"reason": "why"}], "selection_reasoning": "why these"}\n'
            f"Select exactly {max_tools} tools, ranked by relevance.\n"
        )

    @staticmethod
    def generate_search_queries_prompt(question: str, parent_query: str, report_type: str, max_iterations: int = 3, context=None):
        task = f"{parent_query} - {question}" if report_type in ("detailed_report", "subtopic_report") else question
        context_prompt = f'\nYou write search queries for the task "{task}".\nContext: {context}\n' if context else ""
        dynamic_example = ", ".join([f'"query {i + 1}"' for i in range(max_iterations)])
        return (
            f'Write {max_iterations} search queries to research the following task: "{task}"\n\n'  # expect: PL104
            "Each query is a plain natural-language phrase, without search operators such as site:,\n"
            "filetype:, OR or NOT, which many search backends do not support.\n\n"
            f"Assume the current date is {datetime.now(timezone.utc).strftime('%B %d, %Y')} if required.\n\n"  # expect: PL101
            f"{context_prompt}\n"
            f"Respond with a list of strings in this format: [{dynamic_example}].\n"
            "The response should contain ONLY the list.\n"
        )

    @staticmethod
    def generate_report_prompt(question: str, context, report_source: str, report_format="apa", total_words=1000, tone=None, language="english"):
        if report_source == "web":
            reference_prompt = "List every source url used at the end as references, once each, as markdown links."
        else:
            reference_prompt = "List every source document used at the end as references, once each."
        tone_prompt = f"Write the report in a {tone.value} tone." if tone else ""
        return (
            f'\nInformation: "{context}"\n---\n'  # expect: PL104
            f'Using the above information, answer the following query or task: "{question}" in a detailed report --\n'
            f"The report is well structured, informative and in depth, with facts and numbers, at least {total_words} words.\n\n"
            "Guidelines:\n"
            "- Form your own concrete opinion from the information; no vague conclusions.\n"
            f"- Write in markdown and {report_format} format, with # / ## / ### headers and tables where useful.\n"
            "- Prefer reliable, significant and recent sources.\n"
            "- No table of contents.\n"
            f"- Cite in {report_format} format as markdown links at the end of the sentence that uses them.\n"
            "- Every claim carries a citation to a source that is in the information.\n"
            f"- {reference_prompt}\n"
            f"- {tone_prompt}\n"
            f"Write the report in the following language: {language}.\n"
            # clean: the date is the last line, after everything that repeats
            f"Assume that the current date is {date.today()}.\n"
        )

    @staticmethod
    def auto_agent_instructions():
        # clean: a constant
        return """This task researches a topic with a server chosen by the topic's field.
Each server has a type, an emoji and a role prompt.
examples:
task: "should I invest in apple stocks?"
response: {"server": "Finance Agent", "agent_role_prompt": "You are a seasoned finance analyst AI assistant."}
"""

    @staticmethod
    def generate_report_introduction(question: str, research_summary: str = "", language: str = "english", report_format: str = "apa") -> str:
        return (
            f"{research_summary}\n\n"
            f"Using the above latest information, prepare a detailed report introduction on the topic -- {question}.\n"
            "- Succinct, well structured and informative, in markdown.\n"
            "- Only the introduction, under an H1 heading that titles the whole report.\n"
            f"- Cite in {report_format.upper()} format as markdown links.\n"
            # clean: near the end, after the per-request summary and question
            f"Assume that the current date is {datetime.now(timezone.utc).strftime('%B %d, %Y')} if required.\n"
            f"- The output must be in {language} language.\n"
        )
