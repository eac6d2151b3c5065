"""Reconstruction of sweepai/sweep@aa3fc7de0e53dd0f39e8edf17487198fd2667772:sweepai/agents/question_answerer.py (lines 139-178), trimmed; not the original text.

A search tool of the question-answering agent: its output is one tool result, appended to the
agent's history once.
"""

from copy import deepcopy

SNIPPET_FORMAT = """<snippet>\n<file_path>{denotation}</file_path>\n<source>\n{contents}\n</source>\n</snippet>"""
SEARCH_RESULT_INSTRUCTIONS = """

Decide whether the results answer the request:
<request>
{request}
</request>
You already asked these questions:
<previously_searched_queries>
{visited_questions}
</previously_searched_queries>
Search again or submit the task."""


def semantic_search(question: str, cloned_repo, llm_state: dict) -> str:
    previously_asked_question = deepcopy(llm_state["visited_questions"])
    llm_state["visited_questions"].add(question)
    retrieved_snippets = search_codebase(question=question, cloned_repo=cloned_repo)
    snippets = []
    prev_visited_snippets = deepcopy(llm_state["visited_snippets"])
    for snippet in retrieved_snippets[::-1]:
        if snippet.denotation not in llm_state["visited_snippets"]:
            snippets.append(SNIPPET_FORMAT.format(denotation=snippet.denotation, contents=snippet.content))
            llm_state["visited_snippets"].add(snippet.denotation)
    snippets_string = "\n\n".join(snippets)
    if prev_visited_snippets:
        snippets_string += "\n\nFiles retrieved previously:\n" + "\n".join(f"- {s}" for s in sorted(list(prev_visited_snippets)))
    if previously_asked_question:
        snippets_string += "\n\nYou already asked:\n" + "\n".join([f"- {q}" for q in previously_asked_question])
    return snippets_string + SEARCH_RESULT_INSTRUCTIONS.format(
        request=llm_state["request"],
        visited_questions="\n".join(sorted(list(llm_state["visited_questions"]))),
    )


def search_codebase(question: str, cloned_repo) -> list:
    return []
