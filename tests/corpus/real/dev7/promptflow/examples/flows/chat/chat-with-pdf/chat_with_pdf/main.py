"""Reconstruction of microsoft/promptflow@6e76ef49beda52187d8ae38d710632cfeabedde4:examples/flows/chat/chat-with-pdf/chat_with_pdf/main.py (lines 14-56), trimmed; not the original text."""

from find_context import find_context
from qna import qna
from rewrite_question import rewrite_question


def chat_with_pdf(question: str, index_path: str, history: list):
    q = rewrite_question(question, history)
    prompt, context = find_context(q, index_path)
    return qna(prompt, history), context


def main_loop(index_path: str):
    history: list = []
    while True:
        question = input(": ")
        if question == "q!":
            break
        stream, context = chat_with_pdf(question, index_path, history)
        answer = "".join(stream)
        # the turn is kept as typed, not as the rendered prompt that was sent
        history = history + [{"role": "user", "content": question}, {"role": "assistant", "content": answer}]
