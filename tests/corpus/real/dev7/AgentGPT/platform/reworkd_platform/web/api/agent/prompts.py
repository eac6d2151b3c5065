"""Reconstruction of reworkd/AgentGPT@18b073ab05b2902e1d052c3d2799786d8623b5e5:platform/reworkd_platform/web/api/agent/prompts.py (lines 5-185), trimmed; not the original text.

Each prompt is the only message of a one-shot request; the per-request goal / task / snippets
sit ahead of a fixed tail of a few lines to a few hundred tokens (the example lists).
"""

from langchain import PromptTemplate

start_goal_prompt = PromptTemplate(
    template="""You are a task creation AI called AgentGPT.
You answer in the "{language}" language. You have the following objective "{goal}".
Return a list of search queries that would be required to answer the entirety of the objective.
Limit the list to a maximum of 5 queries.

Return the response as a JSON array of strings. Examples:

query: "What is the current weather in New York?", answer: ["current weather in New York"]
query: "5 + 5?", answer: ["Sum of 5 and 5"]""",
    input_variables=["goal", "language"],
)

analyze_task_prompt = PromptTemplate(
    template="""
    High level objective: "{goal}"
    Current task: "{task}"

    Based on this information, use the best function to make progress or accomplish the task entirely.
    Ensure "reasoning" and only "reasoning" is in the {language} language.
    """,
    input_variables=["goal", "task", "language"],
)

code_prompt = PromptTemplate(
    template="""
    You are a world-class software engineer.
    For reference, your high level goal is {goal}
    Write code in English but explanations/comments in the "{language}" language.
    Write code to accomplish the following:
    {task}
    """,
    input_variables=["goal", "language", "task"],
)

create_tasks_prompt = PromptTemplate(
    template="""You are an AI task creation agent. You must answer in the "{language}" language.
    You have the following objective `{goal}`.
    You have the following incomplete tasks: `{tasks}`
    You just completed the following task: `{lastTask}`
    And received the following result: `{result}`.
    Based on this, create a single new task to be completed by your AI system.
    """,
    input_variables=["goal", "language", "tasks", "lastTask", "result"],
)

summarize_with_sources_prompt = PromptTemplate(
    template="""You must answer in the "{language}" language.

    Answer the following query: "{query}" using the following information: "{snippets}".
    Cite sources for sentences via markdown links using the source link as the link and the index as the text.
    Example sentences of the paragraph:
    "So this is a cited sentence at the end of a paragraph[1](https://test.com)."
    """,
    input_variables=["language", "query", "snippets"],
)

chat_prompt = PromptTemplate(
    template="""You must answer in the "{language}" language.

    You are a helpful AI Assistant that will provide responses based on the current conversation history.
    """,
    input_variables=["language"],
)
