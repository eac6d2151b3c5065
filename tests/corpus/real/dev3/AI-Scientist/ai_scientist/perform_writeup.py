"""Reconstruction of SakanaAI/AI-Scientist@9dffdc445c2596ffa871b5588377e9f12558febc:ai_scientist/perform_writeup.py
(lines 15-52, 219-400), trimmed; not the original text.

The write-up: the figures in the folder are listed in a message to the aider coder; citations
are found in two-message conversations whose first message opens with the round number.
"""

import os
import os.path as osp
import re

from ai_scientist.llm import extract_json_between_markers, get_response_from_llm

citation_system_msg = """You are an ambitious AI PhD student adding missing citations to the draft of a paper.
You will describe where a cite goes and a search query, then select the best search result.
You will have {total_rounds} rounds to add to the references, but do not need to use them all."""

citation_first_prompt = '''Round {current_round}/{total_rounds}:

You have written this LaTeX draft so far:

"""
{draft}
"""

Identify the most important citation that you still need to add, and the query to find the paper.
(The original's output format, about 1,000 characters, paraphrased here to keep its size.)

Respond in this format:

THOUGHT:
<THOUGHT>

RESPONSE:
```json
<JSON>
```

In <THOUGHT>, first reason briefly over the paper and find where citations should be added.
If no more citations are needed, add "No more citations needed" to your thoughts.
Do not add "No more citations needed" in a round where you are adding citations.

In <JSON>, respond with these fields:
- "Description": a precise description of the edit: where in the paper the new citation goes and why.
- "Query": the search query for the paper; write it as you would type it into a search engine.

Make sure the citation is not already in the references of the draft.
The JSON is parsed by a program, so keep its format exact.'''

citation_second_prompt = """Search has recovered the following articles:

{papers}

Respond with THOUGHT and a JSON with "Selected" and "Description"."""


def search_for_papers(query, engine="semanticscholar"):
    raise NotImplementedError("Semantic Scholar or OpenAlex search, trimmed")


def generate_latex(coder, folder_name, pdf_file):
    folder = osp.abspath(folder_name)
    with open(osp.join(folder, "latex", "template.tex")) as f:
        tex_text = f.read()
    referenced_figs = re.findall(r"\\includegraphics.*?{(.*?)}", tex_text)
    all_figs = [f for f in os.listdir(folder) if f.endswith(".png")]
    for figure in referenced_figs:
        if figure not in all_figs:
            # clean: the listing goes into a new user message to the coder, kept as sent
            coder.run(f"The image {figure} not found in the directory. The images in the directory are: {all_figs}.")


def get_citation_aider_prompt(client, model, draft, current_round, total_rounds, engine="semanticscholar"):
    msg_history = []
    text, msg_history = get_response_from_llm(
        citation_first_prompt.format(
            draft=draft, current_round=current_round, total_rounds=total_rounds  # expect: PL104
        ),
        client=client,
        model=model,
        system_message=citation_system_msg.format(total_rounds=total_rounds),
        msg_history=msg_history,
    )
    if "No more citations needed" in text:
        return None, True
    papers = search_for_papers(extract_json_between_markers(text)["Query"], engine=engine)
    papers_str = "\n\n".join(f"{i}: {p['title']}. {p['authors']}. {p['venue']}, {p['year']}." for i, p in enumerate(papers))
    # clean: the search results come in the second user message, after the first exchange
    text, msg_history = get_response_from_llm(
        citation_second_prompt.format(papers=papers_str),
        client=client,
        model=model,
        system_message=citation_system_msg.format(total_rounds=total_rounds),
        msg_history=msg_history,
    )
    return text, False
