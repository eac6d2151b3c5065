"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:examples/flows/chat/chat-with-pdf/chat_with_pdf/rewrite_question.py (lines 7-31) and rewrite_question_prompt.md, trimmed; not the original text.

The rewrite template starts with fixed instructions and two worked examples; the previous
conversation and the question come after them.
"""

import os

from jinja2 import Environment, FileSystemLoader

from utils.oai import OAIChat, render_with_token_limit


def rewrite_question(question: str, history: list):
    template = Environment(loader=FileSystemLoader(os.path.dirname(os.path.abspath(__file__)))).get_template(
        "rewrite_question_prompt.md"
    )
    token_limit = int(os.environ["PROMPT_TOKEN_LIMIT"])
    while True:
        try:
            prompt = render_with_token_limit(template, token_limit, question=question, history=history)
            break
        except ValueError:
            history = history[:-1]
    chat = OAIChat()
    return chat.generate(messages=[{"role": "user", "content": prompt}], max_tokens=int(os.environ["MAX_COMPLETION_TOKENS"]))
