"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/inno/tools/file_surfer_tool.py (lines 193-234), trimmed; not the original text."""

from litellm import completion

from research_agent.constant import API_BASE_URL, COMPLETION_MODEL


def question_answer_on_whole_page(env, question: str) -> str:
    retrieved_content = env.retrieve_on_page(question)
    mathnote = r"""Note on formulas: do not use the paper's custom \newcommand shortcuts; expand them into
standard LaTeX (\bx as \mathbf{x}, \E as \mathbb{E}) so the formulas compile on their own."""
    wrap_ques = f"""I am reading a paper and have a question about it.
The question is: {question}
I have retrieved the following content from the paper:
{retrieved_content}
Please answer my question based on the content.
{mathnote}
"""
    msg = [{"role": "user", "content": [{"type": "text", "text": wrap_ques}]}]
    res = completion(model=COMPLETION_MODEL, messages=msg, base_url=API_BASE_URL)
    return res.choices[0].message.content
