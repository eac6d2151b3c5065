"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:examples/flows/chat/chat-with-pdf/chat_with_pdf/find_context.py (lines 10-31) and qna_prompt.md, trimmed; not the original text.

The QnA template: fixed instructions first, then the numbered context snippets and the question.
"""

import os

from jinja2 import Environment, FileSystemLoader

from utils.index import FAISSIndex
from utils.oai import OAIEmbedding, render_with_token_limit


def find_context(question: str, index_path: str):
    index = FAISSIndex(embedding=OAIEmbedding())
    index.load(path=index_path)
    snippets = index.query(question, top_k=5)
    template = Environment(loader=FileSystemLoader(os.path.dirname(os.path.abspath(__file__)))).get_template("qna_prompt.md")
    token_limit = int(os.environ.get("PROMPT_TOKEN_LIMIT"))
    while True:
        try:
            prompt = render_with_token_limit(template, token_limit, question=question, context=enumerate(snippets))
            break
        except ValueError:
            snippets = snippets[:-1]
    return prompt, snippets
